import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderColumns } from '../../src/plugin-kit/testing';


describe('the Html column', () => {
  it('shows the designed markup', () => {
    const { container } = renderColumns([{ childType: 'Html', width: 12, html: '<p>Design <strong>forms</strong></p>' }]);
    expect(screen.getByText('forms').tagName).toBe('STRONG');
    expect(container.querySelector('.tessera-html p')).not.toBeNull();
  });

  it('removes scripts, event handler attributes and javascript: links', () => {
    const { container } = renderColumns([
      {
        childType: 'Html',
        width: 12,
        html: '<p>Safe</p><script>window.hacked = true</script><img src="x.png" onerror="window.hacked = true" alt="pic"><a href="javascript:alert(1)">link</a>',
      },
    ]);
    const html = container.querySelector('.tessera-html');
    expect(screen.getByText('Safe')).toBeTruthy();
    expect(html?.querySelector('script')).toBeNull();
    expect(html?.innerHTML).not.toContain('script');
    const img = html?.querySelector('img');
    expect(img?.getAttribute('alt')).toBe('pic');
    expect(img?.hasAttribute('onerror')).toBe(false);
    expect(screen.getByText('link').getAttribute('href')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('forbids what restyles the page or phishes: style, forms, frames, base, and data: or other-scheme links', () => {
    const { container } = renderColumns([
      {
        childType: 'Html',
        width: 12,
        html:
          '<p>Kept</p><style>body{display:none}</style><form action="https://evil.example"><input name="password"><button>Sign in</button></form>' +
          '<iframe src="https://evil.example"></iframe><base href="https://evil.example/"><a href="data:text/html,x">d</a><a href="vbscript:x">v</a>' +
          '<a href="https://example.com/ok">ok</a><a href="/users">in app</a><a href="mailto:a@example.com">mail</a>',
      },
    ]);
    const html = container.querySelector('.tessera-html');
    expect(screen.getByText('Kept')).toBeTruthy();
    for (const tag of ['style', 'form', 'input', 'button', 'iframe', 'base']) expect(html?.querySelector(tag), tag).toBeNull();
    expect(screen.getByText('d').getAttribute('href')).toBeNull();
    expect(screen.getByText('v').getAttribute('href')).toBeNull();
    expect(screen.getByText('ok').getAttribute('href')).toBe('https://example.com/ok');
    expect(screen.getByText('in app').getAttribute('href')).toBe('/users');
    expect(screen.getByText('mail').getAttribute('href')).toBe('mailto:a@example.com');
  });

  it('shows nothing for a new column without markup', () => {
    const { container } = renderColumns([{ childType: 'Html', width: 0 }]);
    expect(container.querySelector('.tessera-html')?.innerHTML).toBe('');
  });
});
