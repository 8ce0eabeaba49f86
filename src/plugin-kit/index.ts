/**
 * The plugin kit: the one module a column plugin imports (a lint rule holds it; see
 * docs/plugins.md). Everything a column type needs from Tessera is here, so a plugin folder can
 * be lifted into another repository unchanged. What is not here is deliberately out of a
 * plugin's reach: routing, the session, the server.
 */

// The contract: what a plugin declares and what its component receives.
export { definePlugin } from '../runtime/plugin';
export type { AnyColumnPlugin, ColumnOf, ColumnPlugin, RenderMode, RenderProps } from '../runtime/plugin';
// The definition types generated from the schemas, a plugin's own column type among them
// (plugins/rating/schema.json titled RatingColumn gives `RatingColumn`).
export type * from '../generated/definitions';
// Field semantics (defaults and validation, docs/plugins.md): the generic validator (patterns run in a worker with a time
// budget, runtime/patterns.ts) and what a check answers.
export { VALIDATION_FAILED, type FieldCheck } from '../shared/field-validation';
export { clientValidateField as validateField } from '../runtime/form-logic';

// The field frame: label, required marker, hint and error around a control, tied by ids.
export { describedBy, FieldFrame } from './FieldFrame';

// What the host hands the plugins (runtime/host.tsx): a designer column draws the visual designer
// it is given over the record it edits (the app loads the designer's code on first use).
export { useDesignerColumn, type DesignerColumnProps } from '../runtime/host';
export type { DesignerKind } from '../shared/contract';

// Nested content: containers draw their rows (or one column) through the interpreter.
export { ColumnView, RowsView } from '../runtime/Interpreter';
export { useChildPath } from '../runtime/child-path';

// The surrounding form: its record, its values, work after its save.
export { useAfterSave, useFormModel, useFormValues, useRecord, useRecordId, useSaveWith, type AfterSave, type DesignHooks, type RecordAccess, type SavePart } from '../runtime/RuntimeContext';

// Calling the API: one request, or a GET bound to a component's life.
export { api, type ApiAnswer } from '../runtime/api/http';
export { useApi } from '../runtime/api/useApi';
// Url templates: `:field` placeholders filled from form values.
export { fillUrl, urlComplete } from '../shared/url-template';

// Loading and error displays, as every screen shows them.
export { ErrorBanner } from '../ui/ErrorBanner';
export { Loading } from '../ui/Loading';

// Links and icons: router links inside the app, plain links out of it; /action-icons/{name}.svg.
export { ActionIcon, LinkTo } from '../ui/ActionLinks';

// Embeds: a grid or a menu by its code; a definition shown as JSON.
export { EmbeddedGrid, EmbeddedMenu } from './embeds';
export { DefinitionViewer, prettyDefinition } from './DefinitionViewer';

// Keys: a record id or value as comparable text (5 and '5' are one key).
export { keyOf } from './keys';

// Records to pick, from GET /api/choices: a page at a time by what is typed, and names by id.
export { SEARCH_DELAY_MS, useChoices, usePagedSearch, type Choice, type Listing, type Paged } from '../runtime/record-choices';

// Safety and size: sanitised HTML; components loaded on first use.
export { sanitizeHtml } from './sanitize';
export { lazyColumn } from './lazy-column';
