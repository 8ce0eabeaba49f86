import { useId } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../../runtime/api/useApi';
import { PageHead } from '../../../runtime/views/PageHead';
import type { AutomationOverview } from '../../../shared/api-types';
import { triggerWords } from '../../../shared/automation-words';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { DefinitionListStatus } from '../DefinitionListStatus';
import { useDefinitionDelete } from '../definition-delete';

/** Where the list reads from (src/server/routes/definitions.ts). */
export const AUTOMATION_OVERVIEW_PATH = '/api/definitions/automation-overview';

const path = (name: string) => encodeURIComponent(name);

/**
 * `/automations` (Build > Automations, admins only): every automation with its title, its trigger
 * in words ("After a Loan is updated", "Every day at 08:00 (cron 0 8 * * *)"), whether it is on
 * and its step count, from GET /api/definitions/automation-overview. New opens the automation
 * designer; each row opens it (Design), the raw JSON editor (Edit JSON) and its run log (Runs),
 * and deletes it after asking (its runs stay in the log). Every action is a link or a button, in
 * the tab order, each named for its row.
 */
export function AutomationListScreen() {
  const loaded = useApi<AutomationOverview[]>(AUTOMATION_OVERVIEW_PATH);
  const { deleting, refusal, done, remove } = useDefinitionDelete('automation', loaded.reload);
  const captionId = useId();

  const automations = loaded.data ?? [];

  return (
    <section aria-labelledby="automations-title">
      <PageHead title="Automations" description="What happens by itself when records change, on a schedule, on a button or a webhook" />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 id="automations-title" className="h4 mb-0 me-auto">
          Automations
        </h1>
        <Link className="btn btn-primary btn-sm" to="/automationdesigner/new">
          New
        </Link>
        <Link className="btn btn-outline-secondary btn-sm" to="/automationdesignerraw/add/0">
          New as JSON
        </Link>
        <Link className="btn btn-outline-secondary btn-sm" to="/automations/runs">
          All runs
        </Link>
      </div>
      <p className="text-body-secondary">
        An automation runs its steps when its trigger fires: after or before a record changes, on a schedule, on a button on a record, or when another
        system calls its webhook. Every run is logged.
      </p>
      <ErrorBanner message={refusal} />
      <DefinitionListStatus loaded={loaded} done={done} what="The automations" />
      {loaded.data && automations.length === 0 ? (
        <p className="alert alert-info py-2">
          No automations yet: <Link to="/automationdesigner/new">New</Link> designs one.
        </p>
      ) : null}
      {automations.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm table-hover align-middle" aria-labelledby={captionId}>
            <caption id={captionId} className="visually-hidden">
              Automations
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Title</th>
                <th scope="col">Trigger</th>
                <th scope="col">Enabled</th>
                <th scope="col" className="text-end">
                  Steps
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {automations.map((a) => (
                <tr key={a.id} data-automation={a.name}>
                  <th scope="row">{a.name}</th>
                  <td>{a.title}</td>
                  <td>{triggerWords(a.trigger)}</td>
                  <td>
                    <span className={`badge ${a.enabled ? 'text-bg-success' : 'text-bg-secondary'}`} title={a.enabled ? 'New runs start' : 'Off: no new run starts'}>
                      {a.enabled ? 'On' : 'Off'}
                    </span>
                  </td>
                  <td className="text-end">{a.steps}</td>
                  <td className="text-nowrap">
                    <div className="d-flex gap-1 justify-content-end">
                      <Link className="btn btn-outline-secondary btn-sm" to={`/automationdesigner/edit/${path(a.name)}`} aria-label={`Design ${a.name}`}>
                        Design
                      </Link>
                      <Link className="btn btn-outline-secondary btn-sm" to={`/automationdesignerraw/edit/${a.id}`} aria-label={`Edit JSON of ${a.name}`}>
                        Edit JSON
                      </Link>
                      <Link className="btn btn-outline-secondary btn-sm" to={`/automations/${path(a.name)}/runs`} aria-label={`Runs of ${a.name}`}>
                        Runs
                      </Link>
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        aria-label={`Delete ${a.name}`}
                        disabled={deleting !== ''}
                        onClick={() => void remove(a.name, `Delete the automation '${a.name}'? No new run starts; its runs stay in the log.`)}
                      >
                        {deleting === a.name ? 'Deleting…' : 'Delete'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
