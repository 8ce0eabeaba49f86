/**
 * What every answer carries: JSON compressed past a threshold, the security headers (helmet's,
 * with the content security policy below), HSTS over HTTPS, and in tests the answering process.
 */
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';

/**
 * API answers at least this large go compressed to a client that accepts it. A 50-row grid page
 * (about 8 KB) stays under it and costs no compression; a mode-1 grid of 100,000 rows (megabytes
 * of JSON) goes as brotli at quality 1 or gzip at level 1, which make it 7 to 8 times smaller for
 * a few tens of milliseconds of a libuv thread: on a 100 Mbit/s link that saves about a second
 * (docs/performance.md has the measured figures). Higher levels cost several times the time
 * for a few percent more.
 */
export const COMPRESS_THRESHOLD = 32 * 1024;

/** Registers compression and the security headers; buildApp calls it after the cookie plugin, before the request hooks. */
export async function addAnswerHeaders(app: FastifyInstance, options: { pidHeader?: boolean }): Promise<void> {
  // JSON only: the client's script and style files have brotli and gzip copies made at build
  // time (served by @fastify/static below), and index.html is small.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    customTypes: /^application\/json\b/,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
  // Security headers on every answer: only the app's own script files run (no inline script,
  // no event-handler attribute, no javascript: url), styles are the app's own plus inline ones
  // (CodeMirror and React style attributes), no page may frame the app, and pictures may come
  // from elsewhere (grid Image cells). No 'unsafe-eval': the browser's schema validators are
  // precompiled by gen:types (src/generated/validators.ts), so no client code builds functions
  // from strings; every browser test fails on a CSP violation (tests/support/browser-setup.ts).
  // Definitions' patterns run in a Web Worker that is one of the app's own files (worker-src
  // falls back to script-src); re2-wasm, as the server runs it, would need 'unsafe-eval'
  // (src/runtime/patterns.ts).
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Sent below only over HTTPS: over plain http it would be ignored, and a test instance
    // on http must not teach browsers to insist on https for its host.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  if (options.pidHeader) {
    app.addHook('onSend', async (_req, reply) => {
      reply.header('x-tessera-pid', String(process.pid));
    });
  }
}
