/**
 * What an administrator builds with, in the order the navbar's Build menu and the getting-started
 * home page list them: the designers' lists first, then the people and the whole app. One list,
 * so a new list screen is one line here.
 */
export interface BuildEntry {
  label: string;
  to: string;
  /** One line on what it is for (the getting-started page shows it). */
  description: string;
}

export const BUILD_GROUPS: BuildEntry[][] = [
  [
    { label: 'Forms', to: '/forms', description: 'Screens that add and edit records: fields, checks and buttons.' },
    { label: 'Grids', to: '/grids', description: 'Lists of records with search, sorting, paging and row links.' },
    { label: 'Pages', to: '/pages', description: 'Pages of text, cards, tabs, grids and work flows.' },
    { label: 'Work Flows', to: '/menus', description: 'Menus of cards that lead people to the screens they use.' },
    { label: 'Selects', to: '/selects', description: 'Lookup lists that select fields offer.' },
    { label: 'Automations', to: '/automations', description: 'What happens by itself when records change, on a schedule, a button or a webhook.' },
    { label: 'Models', to: '/models', description: 'The tables records live in: their fields, rows and what uses them.' },
  ],
  [
    { label: 'Users', to: '/users', description: 'Accounts, administrators, passwords and front pages.' },
    { label: 'Groups', to: '/groups', description: 'Groups of users, which definitions grant access to.' },
    { label: 'Export and import', to: '/transfer', description: 'Carry definitions from one installation to another.' },
    { label: 'API Reference', to: '/apidocs', description: 'Every route of the server, to build against it.' },
  ],
];
