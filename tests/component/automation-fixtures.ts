/** The library the automation component tests design over: its models, forms and users, answered by msw. */
import { http, HttpResponse } from 'msw';
import { server } from '../support/msw';

export const MODELS: Record<string, unknown> = {
  Book: { name: 'Book', fields: [{ name: 'title', type: 'text', label: 'Title' }, { name: 'available', type: 'boolean', label: 'Available' }] },
  Member: { name: 'Member', fields: [{ name: 'name', type: 'text', label: 'Name' }, { name: 'email', type: 'text', label: 'E-mail' }] },
  Loan: {
    name: 'Loan',
    fields: [
      { name: 'book', type: 'reference', target: 'Book', label: 'Book' },
      { name: 'member', type: 'reference', target: 'Member', label: 'Member' },
      { name: 'returned', type: 'boolean', label: 'Returned' },
    ],
  },
  User: { name: 'User', fields: [{ name: 'user', type: 'text', label: 'User' }, { name: 'email', type: 'text', label: 'E-mail' }] },
};

export function mockLibrary(): void {
  server.use(
    http.get('*/api/models', () => HttpResponse.json(Object.keys(MODELS))),
    http.get('*/api/definitions/model/:name', ({ params }) => {
      const model = MODELS[String(params.name)];
      return model ? HttpResponse.json(model) : HttpResponse.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.get('*/api/definitions/form', () => HttpResponse.json([{ id: 'f1', name: 'book', title: 'Book' }, { id: 'f2', name: 'loan', title: 'Loan' }])),
    http.get('*/api/definitions/form/book', () =>
      HttpResponse.json({
        id: 'f1',
        name: 'book',
        model: 'Book',
        definition: [{ cols: [{ childType: 'Input', name: 'title', label: 'Title' }, { childType: 'Checkbox', name: 'available', label: 'Available' }] }],
      }),
    ),
    http.get('*/api/grid/users/data/0/500', () => HttpResponse.json({ rows: [{ id: 1, user: 'admin' }, { id: 2, user: 'librarian' }], count: 2 })),
  );
}
