import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Only plain icon names: this also keeps `..` and slashes out of the file path. */
const ICON_NAME = /^[a-z0-9-]+$/;

/** The bootstrap-icons folder, found through module resolution so hoisting does not matter. */
function iconsDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('bootstrap-icons/package.json')), 'icons');
}

/**
 * Action icons (of toolbar actions, row actions and menus): `GET /action-icons/{name}.svg` serves one bootstrap-icons file to
 * the browser's <img>, outside /api because it is static, public and cacheable; `GET
 * /api/icons` lists the names for the designers' icon picker.
 */
export async function iconRoutes(app: FastifyInstance): Promise<void> {
  const dir = iconsDir();
  // The package does not change while the server runs, so the list is read once, on first use.
  let names: Promise<string[]> | null = null;
  const iconNames = () =>
    (names ??= readdir(dir).then((files) =>
      files
        .filter((f) => f.endsWith('.svg'))
        .map((f) => f.slice(0, -4))
        .filter((n) => ICON_NAME.test(n))
        .sort(),
    ));

  app.get<{ Params: { name: string } }>('/action-icons/:name.svg', async (req, reply) => {
    const { name } = req.params;
    if (!ICON_NAME.test(name) || !(await iconNames()).includes(name)) {
      return reply.status(404).send({ error: `The icon '${name}' was not found`, code: 'NOT_FOUND' });
    }
    const svg = await readFile(join(dir, `${name}.svg`));
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });

  app.get('/api/icons', { config: { access: 'admin' } }, async () => iconNames());
}
