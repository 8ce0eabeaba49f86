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

  it('never lets a picture call the API: GET /api/logout from an <img> would sign the viewer out', () => {
    const { container } = renderColumns([
      {
        childType: 'Html',
        width: 12,
        html:
          '<img src="/api/logout" alt="img"><img src="/./API/logout" alt="dotted"><img src="https://example.com/pic.png" alt="web">' +
          '<video poster="/api/logout" data-testid="video"></video><svg><image href="/api/logout"></image></svg>' +
          '<p style="background-image: url(/api/logout)">styled</p><p style="background: url(/\\61pi/logout)">escaped</p><p style="background: \\75rl(/api/logout)">escaped url</p>' +
          '<p style="color: red; background: url(https://example.com/bg.png)">kept</p>',
      },
    ]);
    const html = container.querySelector('.tessera-html')!;
    expect(screen.getByAltText('img').hasAttribute('src')).toBe(false);
    expect(screen.getByAltText('dotted').hasAttribute('src')).toBe(false);
    expect(screen.getByAltText('web').getAttribute('src')).toBe('https://example.com/pic.png');
    expect(html.querySelector('video')?.hasAttribute('poster')).toBe(false);
    expect(html.querySelector('image')?.hasAttribute('href')).toBe(false);
    expect(screen.getByText('styled').hasAttribute('style')).toBe(false);
    expect(screen.getByText('escaped').hasAttribute('style')).toBe(false);
    expect(screen.getByText('escaped url').hasAttribute('style')).toBe(false);
    expect(screen.getByText('kept').getAttribute('style')).toContain('color: red');
    expect(html.innerHTML).not.toMatch(/api\/logout/i);
  });

  it('shows nothing for a new column without markup', () => {
    const { container } = renderColumns([{ childType: 'Html', width: 0 }]);
    expect(container.querySelector('.tessera-html')?.innerHTML).toBe('');
  });
});
