/* eslint-disable */
/**
 * GENERATED FILE - do not edit by hand.
 * Source: the names of the definitions in fixtures/{forms,grids,pages,menus,selects,models}/.
 * Regenerate with `npm run gen:types`; CI runs `tsx scripts/gen-types.ts --check`.
 */
/** The shipped definitions' names by kind (fixtures/): needed by the product, so never deleted or renamed. */
export const BUILT_IN_NAMES: Readonly<Record<string, readonly string[]>> = {
  form: ['changemypassword', 'changeuserpassword', 'form', 'grid', 'group', 'login', 'lost_password', 'lost_password_change', 'lost_password_token', 'menu', 'model', 'mydetails', 'page', 'register', 'select', 'settings', 'setup_smtp', 'setup_user', 'user'],
  grid: ['forms', 'grids', 'groups', 'menus', 'pages', 'selects', 'users'],
  page: ['about', 'frontpage'],
  menu: ['admin'],
  select: [],
  model: ['Group', 'User', 'UserGroup'],
};
