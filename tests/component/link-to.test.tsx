import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkTo } from '../../src/ui/ActionLinks';

/** Urls from definitions (actions, row actions, buttons, menus) only become links when safe. */
describe('LinkTo', () => {
  const draw = (url: string, newWindow = false) =>
    render(
      <MemoryRouter>
        <LinkTo url={url} newWindow={newWindow} className="btn">
          Go
        </LinkTo>
      </MemoryRouter>,
    );

  it.each(['javascript:alert(document.cookie)', ' JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/phish'])('draws %s as an inert label', (url) => {
    draw(url, true);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Go').getAttribute('aria-disabled')).toBe('true');
  });

  it.each([
    ['/users', '/users'],
    ['https://example.com/x', 'https://example.com/x'],
    ['mailto:a@example.com', 'mailto:a@example.com'],
  ])('links %s', (url, href) => {
    draw(url);
    expect(screen.getByRole('link', { name: 'Go' }).getAttribute('href')).toBe(href);
  });
});
