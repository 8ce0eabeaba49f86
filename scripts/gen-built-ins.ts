import { loadFixtures } from '../fixtures/index.js';

/**
 * src/generated/built-ins.ts: the names of the definitions Tessera ships (fixtures/forms,
 * grids, pages, menus, selects and models), which the product needs and an administrator may
 * change but not delete or rename. Server and client read the same list: the server refuses
 * (src/server/definitions/definitions.ts), the forms hide Delete (src/app/screens/FormScreen.tsx).
 */
export function builtInsModule(): string {
  const f = loadFixtures();
  const byKind = {
    form: f.forms,
    grid: f.grids,
    page: f.pages,
    menu: f.menus,
    select: f.selects,
    model: f.models,
  };
  const lines = Object.entries(byKind).map(
    ([kind, docs]) => `  ${kind}: [${docs.map((d) => `'${d.name}'`).join(', ')}],`,
  );
  return `/* eslint-disable */
/**
 * GENERATED FILE - do not edit by hand.
 * Source: the names of the definitions in fixtures/{forms,grids,pages,menus,selects,models}/.
 * Regenerate with \`npm run gen:types\`; CI runs \`tsx scripts/gen-types.ts --check\`.
 */
/** The shipped definitions' names by kind (fixtures/): needed by the product, so never deleted or renamed. */
export const BUILT_IN_NAMES: Readonly<Record<string, readonly string[]>> = {
${lines.join('\n')}
};
`;
}
