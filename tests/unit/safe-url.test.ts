import { describe, expect, it } from 'vitest';
import { isSafeImageUrl, isSafeLinkUrl } from '../../src/shared/safe-url';

describe('link urls from definitions and records', () => {
  it.each(['/users', 'users', '?q=1', '#top', 'https://example.com/a', 'http://example.com', 'mailto:a@example.com', '/form/edit/1'])('allows %s', (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox', '//evil.example/x', '\\\\evil.example', 'file:///etc/passwd', 'tel:123'])('refuses %s', (url) => {
    expect(isSafeLinkUrl(url)).toBe(false);
  });
});

describe('image urls from records', () => {
  it.each(['https://cdn.example.com/a.png', '/static/logo.png', 'logo.png', 'data:image/png;base64,AAAA'])('allows %s', (url) => {
    expect(isSafeImageUrl(url)).toBe(true);
  });
  it.each(['/api/logout', 'api/logout', '/API/logout', '/./api/logout', '/x/../api/logout', '/%61pi/logout', 'http://app.invalid/api/logout', 'javascript:alert(1)', 'data:text/html,x', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/a.png'])('refuses %s', (url) => {
    expect(isSafeImageUrl(url, 'http://app.invalid')).toBe(false);
  });
});
