import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/runtime/api/http';
import { fillUrl, pathSegment, urlComplete } from '../../src/shared/url-template';

/**
 * A `:field` placeholder takes a record's value as one path segment, never more: a value of
 * '..' would have the browser resolve the url upwards, so a record with `city=..` and
 * `name=logout` made a dependent select at /select/:city/:name call /api/logout.
 */
describe('url templates', () => {
  it('fills each placeholder with its value as one encoded segment', () => {
    expect(fillUrl('/select/cities/:country', { country: 'N L' })).toBe('/select/cities/N%20L');
    expect(fillUrl('/select/:a/:b', { a: 'x/y', b: '?q=1#f' })).toBe('/select/x%2Fy/%3Fq%3D1%23f');
    expect(fillUrl('/user/edit/:id', { id: 7 })).toBe('/user/edit/7');
    // Dots inside a value are harmless; and '%2e' stays text ('%252e'), never a dot for the browser.
    expect(fillUrl('/files/:name', { name: 'a.b' })).toBe('/files/a.b');
    expect(fillUrl('/files/:name', { name: '...' })).toBe('/files/...');
    expect(fillUrl('/files/:name', { name: '%2e%2e' })).toBe('/files/%252e%252e');
  });

  it("gives no url when a value is '.' or '..', which the browser would resolve", () => {
    expect(fillUrl('/select/:city/:name', { city: '..', name: 'logout' })).toBeNull();
    expect(fillUrl('/select/:city/:name', { city: '.', name: 'logout' })).toBeNull();
    expect(fillUrl('/user/edit/:id?x=:x', { id: 1, x: '..' })).toBeNull();
    expect(urlComplete('/select/:city/:name', { city: '..', name: 'logout' })).toBe(false);
    // And the browser agrees on what it would have done: /api/select/../logout is /api/logout.
    expect(new URL('/api/select/../logout', 'http://app.invalid').pathname).toBe('/api/logout');
  });

  it('gives no url while a value is missing or empty, which would shift the segments', () => {
    for (const value of [undefined, null, '']) {
      expect(fillUrl('/select/:a/:b', { a: value, b: 'x' })).toBeNull();
      expect(urlComplete('/select/:a/:b', { a: value, b: 'x' })).toBe(false);
    }
    expect(urlComplete('/select/:a/:b', { a: 0, b: false })).toBe(true);
    expect(fillUrl('/select/:a/:b', { a: 0, b: false })).toBe('/select/0/false');
  });

  it('gives no url for a value that cannot be encoded (a lone surrogate) instead of throwing', () => {
    expect(pathSegment('\uD800')).toBeNull();
    expect(fillUrl('/select/:a', { a: 'x\uDFFFy' })).toBeNull();
  });
});

describe('api()', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("never sends a path with a '.' or '..' segment, whoever built it", async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => {
      fetched.push(path);
      return new Response('{}', { status: 200 });
    });
    for (const path of ['/api/select/../logout', '/api/form/x/delete/..', '/api/form/./x', '/api/form/%2E%2E/logout', '/api/select/.%2e/logout', '/api/form/x/..?a=1']) {
      const answer = await api('GET', path);
      expect(answer.ok, path).toBe(false);
      expect(answer.status).toBe(0);
    }
    expect(fetched).toEqual([]);
    // Dots in a query or inside a segment are fine.
    expect((await api('GET', '/api/select/a.b/c?x=..')).ok).toBe(true);
    expect(fetched).toEqual(['/api/select/a.b/c?x=..']);
  });
});
