import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useApi } from '../../../runtime/api/useApi';
import { PageHead } from '../../../runtime/views/PageHead';
import type { ModelOverview, ModelUse } from '../../../shared/api-types';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { DefinitionListStatus } from '../DefinitionListStatus';
import { useDefinitionDelete } from '../definition-delete';
import { createdBy } from '../FormScreen';
import { GenerateScreensDialog } from './GenerateScreensDialog';
import { MODEL_ROW_EXTRAS } from './row-extras';

/** Where the model list reads from (src/server/routes/definitions.ts). */
export const MODEL_OVERVIEW_PATH = '/api/definitions/model-overview';

const count = (n: number) => n.toLocaleString('en-US');

/** A use as the list shows it: `model Order (field customer)`, `grid customers`. */
function useText(use: ModelUse): string {
  return use.kind === 'model' ? `model ${use.name} (field ${use.field ?? ''})` : `${use.kind} ${use.name}`;
}

/** Own models first, then the built-in ones; each by name, as the server lists them. */
function ordered(models: ModelOverview[]): ModelOverview[] {
  return [...models.filter((m) => !m.system), ...models.filter((m) => m.system)];
}

export interface ModelsScreenProps {
  /**
   * More buttons for a row, after Design, Edit JSON and Delete (the place for 'Generate screens').
   * By default the buttons listed in MODEL_ROW_EXTRAS (row-extras.tsx).
   */
  rowExtras?: (model: ModelOverview, reload: () => void) => ReactNode;
}

const defaultExtras = (model: ModelOverview, reload: () => void) =>
  MODEL_ROW_EXTRAS.map((extra) => <span key={extra.key}>{extra.render(model, reload)}</span>);

/**
 * `/models` (Build > Models, admins only): every model with its title, field count, rows (the
 * counts the server keeps) and what names it, from GET /api/definitions/model-overview. Each row
 * opens the visual designer or the raw JSON editor, and deletes a model after asking (the
 * server's refusal, such as what still uses it, is shown as it words it). System models are
 * marked and offer no Delete.
 */
export function ModelsScreen({ rowExtras = defaultExtras }: ModelsScreenProps) {
  const loaded = useApi<ModelOverview[]>(MODEL_OVERVIEW_PATH);
  const { deleting, refusal, done, remove: removeNamed } = useDefinitionDelete('model', loaded.reload);
  const captionId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  /** A model the designer just created (its first save came here): Generate screens is offered for it, once. */
  const [fresh, setFresh] = useState(() => createdBy(location.state, 'model'));
  const [generating, setGenerating] = useState(false);
  const forget = () => {
    setFresh(null);
    navigate(location.pathname, { replace: true, state: null });
  };

  const remove = (model: ModelOverview) => {
    const rows = model.rows === null ? '' : ` and its ${count(model.rows)} ${model.rows === 1 ? 'row' : 'rows'}`;
    return removeNamed(model.name, `Delete the model '${model.name}'${rows}? Its table goes with it; only a backup keeps the data.`);
  };

  const models = loaded.data ? ordered(loaded.data) : [];
  const own = models.filter((m) => !m.system).length;
  const freshModel = fresh === null ? undefined : models.find((m) => m.id === fresh && !m.system);

  return (
    <section aria-labelledby="models-title">
      <PageHead title="Models" description="The tables records live in" />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 id="models-title" className="h4 mb-0 me-auto">
          Models
        </h1>
        <Link className="btn btn-primary btn-sm" to="/modeldesigner/add/0">
          New model
        </Link>
        <Link className="btn btn-outline-secondary btn-sm" to="/modeldesignerraw/add/0">
          New model as JSON
        </Link>
      </div>
      <p className="text-body-secondary">
        A model is a table: its fields are the columns that forms, grids and selects read and write. A model in use by another model or by a definition
        cannot be deleted until they no longer name it.
      </p>
      <ErrorBanner message={refusal} />
      {freshModel ? (
        <div className="alert alert-success d-flex flex-wrap align-items-center gap-2 py-2" role="region" aria-label="Model created">
          <span className="me-auto">
            The model '{freshModel.name}' was created. Generate screens makes a form, a grid and a menu card for it, to adjust in the designers.
          </span>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setGenerating(true)}>
            Generate screens
          </button>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={forget}>
            Not now
          </button>
        </div>
      ) : null}
      {freshModel && generating ? (
        <GenerateScreensDialog
          model={freshModel}
          onClose={() => {
            setGenerating(false);
            forget();
            loaded.reload();
          }}
        />
      ) : null}
      <DefinitionListStatus loaded={loaded} done={done} what="The models" />
      {loaded.data ? (
        <>
          {own === 0 ? (
            <p className="alert alert-info py-2">
              No models of your own yet: <Link to="/modeldesigner/add/0">New model</Link> designs one. The built-in models below hold the users,
              groups and definitions.
            </p>
          ) : null}
          {models.length === 0 ? null : (
            <div className="table-responsive">
              <table className="table table-sm table-hover align-middle" aria-labelledby={captionId}>
                <caption id={captionId} className="visually-hidden">
                  Models
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Title</th>
                    <th scope="col" className="text-end">
                      Fields
                    </th>
                    <th scope="col" className="text-end">
                      Rows
                    </th>
                    <th scope="col">Used by</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {models.map((m) => (
                    <tr key={m.id} data-model={m.name}>
                      <th scope="row">
                        {m.name}
                        {m.system ? (
                          <span className="badge text-bg-secondary ms-2" title={m.name === 'User' || m.name === 'Group' ? 'Built in: it cannot be deleted, and its own fields cannot change; fields of your own may be added' : 'Built in: it cannot be changed or deleted'}>
                            System
                          </span>
                        ) : null}
                        {m.problem ? (
                          <span className="badge text-bg-danger ms-2" title={m.problem}>
                            Not applied
                          </span>
                        ) : null}
                      </th>
                      <td>{m.title}</td>
                      <td className="text-end">{count(m.fields)}</td>
                      <td className="text-end">{m.rows === null ? <span title={m.problem}>—</span> : count(m.rows)}</td>
                      <td className="small">
                        {m.uses.length === 0 ? <span className="text-body-secondary">Nothing</span> : m.uses.map(useText).join(', ')}
                      </td>
                      <td className="text-nowrap">
                        <div className="d-flex gap-1 justify-content-end">
                          <Link className="btn btn-outline-secondary btn-sm" to={`/modeldesigner/edit/${m.id}`} aria-label={`Design ${m.name}`}>
                            Design
                          </Link>
                          <Link className="btn btn-outline-secondary btn-sm" to={`/modeldesignerraw/edit/${m.id}`} aria-label={`Edit JSON of ${m.name}`}>
                            Edit JSON
                          </Link>
                          {m.system ? null : (
                            <button
                              type="button"
                              className="btn btn-outline-danger btn-sm"
                              aria-label={`Delete ${m.name}`}
                              title={m.deletable ? undefined : `Used by ${m.uses.map(useText).join(', ')}: the server will refuse`}
                              disabled={deleting !== ''}
                              onClick={() => void remove(m)}
                            >
                              {deleting === m.name ? 'Deleting…' : 'Delete'}
                            </button>
                          )}
                          {rowExtras(m, loaded.reload)}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
