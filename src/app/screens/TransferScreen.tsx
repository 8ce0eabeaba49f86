import { PageHead } from '../../runtime/views/PageHead';
import { ExportPart } from './transfer/ExportPart';
import { ImportPart } from './transfer/ImportPart';

/**
 * `/transfer` (admins): an app's definitions out as one file, and a file previewed and imported
 * (the server side: src/server/routes/app-transfer.ts and src/server/definitions/app-transfer.ts).
 */
export function TransferScreen() {
  return (
    <section aria-labelledby="transfer-title">
      <PageHead title="Export and import" description="An app's definitions out as one file, and back in" />
      <h1 id="transfer-title" className="h4">
        Export and import
      </h1>
      <p className="text-body-secondary">
        An app's definitions (forms, grids, pages, menus, selects, automations and the models they use) travel between instances as one JSON file.
        Records never travel.
      </p>
      <div className="row g-3">
        <div className="col-lg-5">
          <ExportPart />
        </div>
        <div className="col-lg-7">
          <ImportPart />
        </div>
      </div>
    </section>
  );
}
