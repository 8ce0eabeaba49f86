/* eslint-disable */
/**
 * GENERATED FILE - do not edit by hand.
 * Source: schemas/*.json and plugins/<folder>/schema.json.
 * Regenerate with `npm run gen:types`; CI runs `tsx scripts/gen-types.ts --check`.
 */

/**
 * One column of a row; its childType picks the plugin.
 */
export type Column =
  | ButtonColumn
  | CardColumn
  | CheckboxColumn
  | CodeEditorColumn
  | DualListColumn
  | EditorColumn
  | FormDesignerColumn
  | GridColumn
  | GridDesignerColumn
  | HiddenColumn
  | HtmlColumn
  | InputColumn
  | MenuDesignerColumn
  | ModelDesignerColumn
  | NoneColumn
  | PageDesignerColumn
  | RatingColumn
  | ReferenceColumn
  | RowsColumn
  | SelectColumn
  | TabsColumn
  | TextColumn
  | TextAreaColumn
  | WorkFlowColumn;
export type CheckboxColumn = FieldCommon & {
  childType: 'Checkbox';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
};
export type CodeEditorColumn = FieldCommon & {
  childType: 'CodeEditor';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * Shown as vh.
   *
   * Default: 10.
   */
  height?: number;
  language?: 'python' | 'javascript' | 'json' | 'html' | 'xml' | 'sql';
};
export type DualListColumn = FieldCommon & {
  childType: 'DualList';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * A field of the form.
   */
  link?: string;
  url?: string;
  /**
   * How the linked records are picked: two lists (Available and Selected), or chips added by typing to search (a /link/{Model}/{field} url only).
   *
   * Default: "dual".
   */
  picker?: 'dual' | 'chips';
};
export type EditorColumn = FieldCommon & {
  childType: 'Editor';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
};
export type HiddenColumn = FieldCommon & {
  childType: 'Hidden';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
};
export type InputColumn = FieldCommon & {
  childType: 'Input';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * Default: "text".
   */
  fieldtype?:
    | 'text'
    | 'number'
    | 'password'
    | 'email'
    | 'tel'
    | 'hidden'
    | 'date'
    | 'datetime-local'
    | 'time'
    | 'month'
    | 'week'
    | 'url'
    | 'color';
};
export type RatingColumn = FieldCommon & {
  childType: 'Rating';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * How many stars are offered; the stored value is 1 to this.
   *
   * Default: 5.
   */
  stars?: number;
};
export type ReferenceColumn = FieldCommon & {
  childType: 'Reference';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * Where the picked record opens: a url with :id, such as /form/book/edit/:id; empty, no link.
   */
  open?: string;
};
export type SelectColumn = FieldCommon & {
  childType: 'Select';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * '1' hard coded (keys and values as newline-separated lists), '2' dynamic (data url).
   *
   * Default: "1".
   */
  selecttype?: '1' | '2';
  keys?: string;
  values?: string;
  url?: string;
};
export type TextAreaColumn = FieldCommon & {
  childType: 'TextArea';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * Height in rows.
   */
  height?: number;
};
/**
 * A filter (docs/filters.md): a top group, { "and": [...] } or { "or": [...] }, whose items are conditions or groups of conditions. Choices are written as if/then/else so a refusal names the branch the value meant, not every branch it failed.
 */
export type FilterTree = FilterAll | FilterAny;
/**
 * An item of the top group: a group of conditions, an old-style filter ({ fieldname, value }: the field equals the value) or a condition. A grid's filters are such items, ANDed.
 */
export type FilterItem = FilterGroupAll | (FilterGroupAny | FilterConditionItem);
/**
 * An item of a group: a condition or an old-style filter. A group inside a group is refused.
 */
export type FilterGroupItem = FilterConditionItem;
/**
 * A condition, or an old-style filter when it has a fieldname.
 */
export type FilterConditionItem = Filter | FilterCondition;
export type FilterOperator =
  | 'eq'
  | 'ne'
  | 'contains'
  | 'startsWith'
  | 'empty'
  | 'notEmpty'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'between'
  | 'lastDays'
  | 'in';
/**
 * One value (a literal or a variable), or a list of them (between: [low, high]; in: one or more).
 */
export type FilterOperand = FilterValue[] | FilterValue;
/**
 * A literal of the field's type, or a variable.
 */
export type FilterValue = FilterVariable | FilterLiteral;
export type FilterVariableName = 'NOW' | 'TODAY' | 'CURRENT_USER.id' | 'RECORD.id';
/**
 * CURRENT_USER.<field>: a field of the signed-in user's User record (its value when the filter runs).
 */
export type FilterUserFieldVariable = string;
/**
 * RECORD.<field>: a field of the record an automation runs on (its value when the condition is tested); only an automation's conditions know it.
 */
export type FilterRecordFieldVariable = string;
/**
 * Text, a number, or true or false, as the field's type asks.
 */
export type FilterLiteral = string | number | boolean;
/**
 * One step of an automation; its type picks the step folder (plugins/steps/).
 */
export type Step =
  | CallWebhookStep
  | ConditionStep
  | CreateRecordStep
  | DeleteRecordStep
  | LoopStep
  | RefuseStep
  | SendMailStep
  | SetFieldsStep
  | UpdateRecordStep;
export type AutomationTrigger = (RecordTrigger | (ScheduleTrigger | (ButtonTrigger | WebhookTrigger))) & {
  type: 'record' | 'schedule' | 'button' | 'webhook';
};
export type GrantAction = 'read' | 'add' | 'update' | 'delete' | 'clear' | 'export' | 'history';

export interface ButtonColumn {
  childType: 'Button';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  label?: string;
  url?: string;
  hint?: string;
  showhintchecked?: boolean;
  icon?: string;
  iconchecked?: boolean;
}
export interface CardColumn {
  childType: 'Card';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  title?: string;
  /**
   * Default: "Rows".
   */
  contenttype?: 'Rows' | 'Tabs';
  showhintchecked?: boolean;
  hint?: string;
  iconchecked?: boolean;
  icon?: string;
  collapsable?: boolean;
  collapsed?: boolean;
  rows?: Row[];
  tabs?: Tab[];
}
export interface Row {
  cols: Column[];
}
/**
 * Properties every field column shares (name, label, default, hint, placeholder, validation and the like). Composed into plugin schemas, so it has no additionalProperties of its own.
 */
export interface FieldCommon {
  /**
   * Chosen from the model fields.
   */
  name?: string;
  label?: string;
  /**
   * Whether the label is shown; left out, it is (screen readers always get it).
   *
   * Default: true.
   */
  showlabelchecked?: boolean;
  hasdefault?: boolean;
  default?: string;
  showhintchecked?: boolean;
  hint?: string;
  placeholderchecked?: boolean;
  placeholder?: string;
  regularexpressionchecked?: boolean;
  regularexpression?: string;
  minchecked?: boolean;
  min?: number;
  maxchecked?: boolean;
  max?: number;
  errormessage?: string;
  disabled?: boolean;
  required?: boolean;
  hasbutton?: boolean;
}
export interface FormDesignerColumn {
  childType: 'FormDesigner';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  modelfield?: string;
  definitionfield?: string;
}
export interface GridColumn {
  childType: 'Grid';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * A grid code.
   */
  name?: string;
}
export interface GridDesignerColumn {
  childType: 'GridDesigner';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  modelfield?: string;
  definitionfield?: string;
}
export interface HtmlColumn {
  childType: 'Html';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * Sanitised before it is shown.
   */
  html?: string;
}
export interface MenuDesignerColumn {
  childType: 'MenuDesigner';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  definitionfield?: string;
}
export interface ModelDesignerColumn {
  childType: 'ModelDesigner';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  definitionfield?: string;
}
export interface NoneColumn {
  childType: 'None';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
}
export interface PageDesignerColumn {
  childType: 'PageDesigner';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  definitionfield?: string;
}
export interface RowsColumn {
  childType: 'Rows';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  rows?: Row[];
}
export interface TabsColumn {
  childType: 'Tabs';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  tabs?: Tab[];
}
/**
 * A tab inside Tabs or a Card.
 */
export interface Tab {
  childType: 'Tab';
  /**
   * A new tab is titled 'Tab-N'.
   */
  tabtitle?: string;
  /**
   * Default: "Rows".
   */
  tabcontenttype?: 'Rows' | 'Tabs';
  tabshowhintchecked?: boolean;
  tabhint?: string;
  tabiconchecked?: boolean;
  tabicon?: string;
  rows?: Row[];
  tabs?: Tab[];
}
export interface TextColumn {
  childType: 'Text';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  text?: string;
}
export interface WorkFlowColumn {
  childType: 'WorkFlow';
  /**
   * 0 means automatic; 1 to 12 grid units otherwise.
   *
   * Default: 0.
   */
  width: number;
  /**
   * A menu code.
   */
  name?: string;
}
/**
 * POSTs JSON to a url (http or https; never to a loopback or private address unless the administrator allows its host), retrying with backoff; signed with HMAC-SHA256 when a secret is set.
 */
export interface CallWebhookStep {
  type: 'callWebhook';
  /**
   * Names the step, so later steps' templates read its result: {{steps.<name>.id}}.
   */
  name?: string;
  /**
   * The url (a template).
   */
  url: string;
  /**
   * The JSON object sent (each value a template). Absent: the trigger's data: the record, its values before, the automation and the run.
   */
  body?: {
    [k: string]: string | number | boolean | null | undefined;
  };
  /**
   * Signs the body: X-Tessera-Signature: sha256=<HMAC-SHA256, hex>.
   */
  secret?: string;
  /**
   * How long one try may take (default 5000).
   */
  timeoutMs?: number;
  /**
   * Tries after the first one fails, waiting longer each time (default 3).
   */
  retries?: number;
}
/**
 * Goes on only when a filter holds over the record (or its values before the update); with Then or Else steps, runs those instead.
 */
export interface ConditionStep {
  type: 'condition';
  /**
   * Names the step, so later steps' templates read its result: {{steps.<name>.id}}.
   */
  name?: string;
  match: FilterTree;
  /**
   * Which values the filter reads: the record as written (default) or as it was before the update.
   */
  on?: 'record' | 'before';
  /**
   * Run when it holds. Without Then and Else, a condition that does not hold ends the run.
   *
   * @maxItems 50
   */
  then?: Step[];
  /**
   * Run when it does not hold.
   *
   * @maxItems 50
   */
  else?: Step[];
}
/**
 * Every item holds.
 */
export interface FilterAll {
  and: FilterItem[];
}
/**
 * A group whose conditions all hold.
 */
export interface FilterGroupAll {
  and: FilterGroupItem[];
}
export interface Filter {
  fieldname: string;
  value?: string;
}
/**
 * A field, an operator and, except for empty and notEmpty, a value.
 */
export interface FilterCondition {
  /**
   * A field of the model, or a path through reference fields: customer.city, order.customer.name (two hops at most).
   */
  field: string;
  op: FilterOperator;
  value?: FilterOperand;
}
/**
 * A value known when the filter runs: NOW (a date and time), TODAY (a date), CURRENT_USER.id (the signed-in user's id), CURRENT_USER.<field> (a field of the signed-in user's User record, such as CURRENT_USER.branch), RECORD.id (the id of the record of the form a grid is embedded in); RECORD.<field> (a field of the record an automation runs on: its trigger's record).
 */
export interface FilterVariable {
  var: FilterVariableName | FilterUserFieldVariable | FilterRecordFieldVariable;
}
/**
 * A group of which at least one condition holds.
 */
export interface FilterGroupAny {
  or: FilterGroupItem[];
}
/**
 * At least one item holds.
 */
export interface FilterAny {
  or: FilterItem[];
}
/**
 * Adds a record through a form, as the run-as user could: the form's fields, checks and grants apply.
 */
export interface CreateRecordStep {
  type: 'createRecord';
  /**
   * Names the step, so later steps' templates read its result: {{steps.<name>.id}}.
   */
  name?: string;
  /**
   * Unique per definition kind; used in routes.
   */
  form: string;
  /**
   * Each field's value: a template ({{record.title}}) or a literal.
   */
  values: {
    [k: string]: string | number | boolean | null | undefined;
  };
}
/**
 * Deletes a record through a form, as the run-as user could.
 */
export interface DeleteRecordStep {
  type: 'deleteRecord';
  /**
   * Names the step, so later steps' templates read its result: {{steps.<name>.id}}.
   */
  name?: string;
  /**
   * Unique per definition kind; used in routes.
   */
  form: string;
  /**
   * The record's id (a template).
   */
  id: string;
}
/**
 * Runs its steps once for each record of a model that a filter finds (at most Limit), each as {{item}}.
 */
export interface LoopStep {
  type: 'loop';
  /**
   * Names the step, so later steps' templates read its result: {{steps.<name>.id}}.
   */
  name?: string;
  /**
   * The name of a model (a SQL table).
   */
  model: string;
  match?: FilterTree;
  /**
   * The most records (default 100).
   */
  limit?: number;
  /**
   * @minItems 1
   * @maxItems 50
   */
  steps: [Step, ...Step[]];
}
/**
 * Before a write only: the write is refused and the person sees the message.
 */
export interface RefuseStep {
  type: 'refuse';
  /**
   * Names the step, so later steps' templates read its result: {{steps.<name>.id}}.
   */
  name?: string;
  /**
   * What the person sees (a template).
   */
  message: string;
}
/**
 * Sends a plain-text message through the SMTP server of Settings.
 */
export interface SendMailStep {
  type: 'sendMail';
  /**
   * Names the step, so later steps' templates read its result: {{steps.<name>.id}}.
   */
  name?: string;
  /**
   * The address (a template): {{record.member.email}}.
   */
  to: string;
  /**
   * The subject (a template).
   */
  subject: string;
  /**
   * The message (a template).
   */
  text: string;
}
/**
 * Before a write only: sets fields of the record being written.
 */
export interface SetFieldsStep {
  type: 'setFields';
  /**
   * Names the step, so later steps' templates read its result: {{steps.<name>.id}}.
   */
  name?: string;
  /**
   * Each field's new value: a template or a literal.
   */
  values: {
    [k: string]: string | number | boolean | null | undefined;
  };
}
/**
 * Changes fields of a record through a form, as the run-as user could.
 */
export interface UpdateRecordStep {
  type: 'updateRecord';
  /**
   * Names the step, so later steps' templates read its result: {{steps.<name>.id}}.
   */
  name?: string;
  /**
   * Unique per definition kind; used in routes.
   */
  form: string;
  /**
   * The record's id (a template): {{record.id}}, {{record.book}}.
   */
  id: string;
  /**
   * Each changed field's value: a template or a literal.
   */
  values: {
    [k: string]: string | number | boolean | null | undefined;
  };
}
/**
 * A toolbar action (link).
 */
export interface Action {
  url: string;
  /**
   * Default: "Action".
   */
  label?: string;
  showhintchecked?: boolean;
  hint?: string;
  iconchecked?: boolean;
  icon?: string;
  rightalignchecked?: boolean;
  opennewwindowchecked?: boolean;
}
/**
 * An automation (docs/automations.md): when its trigger fires and its condition holds, its steps run, each step a plugin folder under plugins/steps/. Every run is logged.
 */
export interface AutomationDefinition {
  /**
   * A generated id: 32 lowercase hex characters.
   */
  id?: string;
  /**
   * Unique per definition kind; used in routes.
   */
  name: string;
  title?: string;
  description?: string;
  /**
   * Off: no new run starts (runs already queued still end). Absent: on.
   */
  enabled?: boolean;
  trigger: AutomationTrigger;
  condition?: FilterTree;
  beforeCondition?: FilterTree;
  /**
   * The user name whose permissions the record steps write with. Absent: the user who triggered the run (a schedule or webhook needs a named user).
   */
  runAs?: string;
  /**
   * @maxItems 50
   */
  steps: Step[];
  limits?: AutomationLimits;
  /**
   * Set by the server; an update must send the version it read.
   */
  version?: number;
  access?: Access;
}
/**
 * A record of the model is inserted, updated or deleted, by any path. After: the run is queued and done outside the request. Before (insert and update only): it runs in the request's transaction and may refuse the write or set its fields.
 */
export interface RecordTrigger {
  type: 'record';
  /**
   * The name of a model (a SQL table).
   */
  model: string;
  /**
   * @minItems 1
   */
  on: ['insert' | 'update' | 'delete', ...('insert' | 'update' | 'delete')[]];
  /**
   * An update fires only when one of these fields changed. Absent: any field.
   *
   * @maxItems 200
   */
  fields?: string[];
  /**
   * Absent: after.
   */
  timing?: 'after' | 'before';
}
/**
 * Cron syntax (five fields: minute hour day month weekday), in the instance's time zone; one run per tick across every process.
 */
export interface ScheduleTrigger {
  type: 'schedule';
  cron: string;
}
/**
 * A button on the model's forms (edit mode) and grid rows that runs the automation on that record.
 */
export interface ButtonTrigger {
  type: 'button';
  /**
   * The name of a model (a SQL table).
   */
  model: string;
  label?: string;
}
/**
 * POST /api/hooks/{name}/{token}: the JSON body is the run's data. With a secret, the request must carry X-Tessera-Signature: sha256=<HMAC-SHA256 of the body, hex>.
 */
export interface WebhookTrigger {
  type: 'webhook';
  /**
   * The url's secret part; made by the server when a save leaves it out.
   */
  token?: string;
  secret?: string;
}
export interface AutomationLimits {
  /**
   * How many levels deep a chain of automations triggered by their own writes may go before this one stops with a logged error (default 3).
   */
  maxDepth?: number;
  /**
   * The most steps one run may carry out, loops included (default 1000).
   */
  maxSteps?: number;
  /**
   * The longest one run may take (default 60000; a before-trigger's default and most: 2000).
   */
  timeoutMs?: number;
  /**
   * How many times a failed run is tried again, with backoff (default 3).
   */
  retries?: number;
}
/**
 * Who besides administrators may use a definition. Absent access means admin-only.
 */
export interface Access {
  /**
   * Anonymous callers may read it and, for a form, add.
   */
  public?: boolean;
  /**
   * Groups whose members may use it fully: every action on every record and field (the same as a grant of every action without rules).
   */
  groups?: string[];
  /**
   * A signed-in user may read and update their own User record.
   */
  self?: boolean;
  /**
   * What each group may do (docs/security.md, "Grants"): its actions, and for each action which records (a rule of the filter language), which fields it may not see or change, and the values the server sets when it adds. A user in several groups may do what any of their grants allows (the union).
   *
   * @maxItems 100
   */
  grants?: Grant[];
}
export interface Grant {
  /**
   * The group the grant is for; Everyone is every signed-in user.
   */
  group: string;
  /**
   * What the group may do: read (open a form's record, see a grid's rows, a select's options), add, update, delete, clear (a grid's Clear), export and history (a form's record history, within the grant's read rule: docs/history.md).
   */
  actions: GrantAction[];
  /**
   * Per action, the records it reaches: a filter of the filter language (docs/filters.md) with the variables CURRENT_USER (its id, fields and groups), NOW and TODAY. An action without a rule reaches every record.
   */
  rules?: {
    read?: FilterTree;
    update?: FilterTree;
    delete?: FilterTree;
    clear?: FilterTree;
    export?: FilterTree;
  };
  /**
   * Fields this group may not see (hidden: never sent, not searched, sorted or filtered by) or not change (readonly: sent, refused on write).
   */
  fields?: {
    [k: string]: 'hidden' | 'readonly' | undefined;
  };
  /**
   * Values the server sets on add for this group, which the client cannot override: a literal, or a variable ({ "var": "CURRENT_USER.department" }).
   */
  presets?: {
    [k: string]: FilterValue | undefined;
  };
}
/**
 * A form: rows of columns bound to a model record.
 */
export interface FormDefinition {
  /**
   * A generated id: 32 lowercase hex characters.
   */
  id?: string;
  /**
   * Unique per definition kind; used in routes.
   */
  name: string;
  title?: string;
  /**
   * The name of a model (a SQL table).
   */
  model?: string;
  url?: string;
  hideToolbar?: boolean;
  hideSaveAs?: boolean;
  hideDelete?: boolean;
  readOnly?: boolean;
  definition?: Row[];
  actions?: Action[];
  /**
   * Set by the server; an update must send the version it read.
   */
  version?: number;
  access?: Access;
}
/**
 * A grid: a paged list of model records.
 */
export interface GridDefinition {
  /**
   * A generated id: 32 lowercase hex characters.
   */
  id?: string;
  /**
   * Unique per definition kind; used in routes.
   */
  name: string;
  title?: string;
  /**
   * The name of a model (a SQL table).
   */
  model?: string;
  hideToolbar?: boolean;
  hideClear?: boolean;
  hideSearchBox?: boolean;
  /**
   * Turns off the users' filter builder and saved views on the grid's screen; its data routes then refuse a ?filter=.
   */
  hideFilters?: boolean;
  /**
   * 1 all records, 2 first N records, 3 all records with paging.
   *
   * Default: 3.
   */
  paging?: 1 | 2 | 3;
  /**
   * Default: 50.
   */
  pageSize?: number;
  definition?: GridField[];
  actions?: Action[];
  rowactions?: RowAction[];
  /**
   * ANDed: old-style filters ({ fieldname, value }), conditions and groups of conditions of the filter language (docs/filters.md).
   */
  filters?: FilterItem[];
  sorts?: Sort[];
  /**
   * Set by the server; an update must send the version it read.
   */
  version?: number;
  access?: Access;
}
export interface GridField {
  name: string;
  label?: string;
  type?: 'Text' | 'Number' | 'Date' | 'Image' | 'Reference';
  hide?: boolean;
  /**
   * What a Reference column shows of the record its field refers to: empty for that record's display, or a field of it ('city'), or a field one reference further ('region.name').
   */
  shows?: string;
}
/**
 * A grid row action; `:field` in the url is filled from the row, and in the label by what the row's cell shows (a reference's name).
 */
export interface RowAction {
  url: string;
  label?: string;
  hint?: string;
  showhintchecked?: boolean;
  icon?: string;
  iconchecked?: boolean;
}
export interface Sort {
  fieldname: string;
  sorttype: 'ASC' | 'DESC';
}
/**
 * The body of POST /api/import/{model}/jobs (docs/import.md): which uploaded file, how its columns map to the model's fields, and how it is imported.
 */
export interface ImportRequestBody {
  /**
   * The uploaded file's SHA-256 in hex, as the upload answered it.
   */
  file: string;
  /**
   * Header -> field name; a header left out or mapped to null is skipped.
   */
  mapping: {
    [k: string]: string | null | undefined;
  };
  /**
   * insert: every row is a new record. upsert: a row whose key matches a record updates it, the others are added.
   */
  mode: 'insert' | 'upsert';
  /**
   * The field that matches a row to a record in upsert mode ('id' or a unique field).
   */
  key?: string;
  /**
   * Per reference field, how its cells name the target: 'id', 'display', or { field } (a unique field of the target).
   */
  references?: {
    [k: string]:
      | 'id'
      | 'display'
      | {
          field: string;
        }
      | undefined;
  };
  /**
   * Count and check only: nothing is written.
   */
  dryRun: boolean;
  /**
   * Committed batches with a checkpoint instead of one transaction.
   */
  batches?: boolean;
  /**
   * Import a file already imported in insert mode anyway.
   */
  again?: boolean;
}
/**
 * A menu ("Work Flow"): a list of links.
 */
export interface MenuDefinition {
  /**
   * A generated id: 32 lowercase hex characters.
   */
  id?: string;
  /**
   * Unique per definition kind; used in routes.
   */
  name: string;
  title?: string;
  hideToolbar?: boolean;
  definition?: MenuItem[];
  actions?: Action[];
  /**
   * Set by the server; an update must send the version it read.
   */
  version?: number;
  access?: Access;
}
export interface MenuItem {
  icon?: string;
  title: string;
  description?: string;
  url: string;
}
/**
 * A model: a SQL table and its fields.
 */
export interface ModelDefinition {
  /**
   * A generated id: 32 lowercase hex characters.
   */
  id?: string;
  /**
   * The name of a model (a SQL table).
   */
  name: string;
  title?: string;
  system?: boolean;
  /**
   * Default: "integer".
   */
  idtype?: 'integer' | 'hex';
  /**
   * What a record of this model is called where another screen shows it: a field's name, or a short template naming fields in braces, such as '{first} {last}'. Without it, the first text field.
   */
  display?: string;
  fields: ModelField[];
  /**
   * What the record history (docs/history.md) keeps of this model's records. Without it, every insert, update and delete is recorded with the values of every field but passwords, and kept RECORD_HISTORY_DAYS days.
   */
  history?: {
    /**
     * No history for this model's records (a high-volume log table, say): nothing is recorded of their changes.
     */
    off?: boolean;
    /**
     * Fields whose values are kept out of the history (secrets): a change of one is recorded as 'changed', without its values. Each must be a field of the model; password fields are always kept out.
     *
     * @maxItems 500
     */
    exclude?: string[];
    /**
     * How many days this model's history entries are kept, in place of RECORD_HISTORY_DAYS.
     */
    days?: number;
  };
  /**
   * Set by the server; an update must send the version it read.
   */
  version?: number;
}
export interface ModelField {
  /**
   * A column name; neither id, nor _version (the row version every table has), nor _labels (the names of a grid row's references), nor _created_by, _created_at, _updated_by or _updated_at (who made and last changed each record, and when: kept by the server), nor a name Object.prototype already has (records are plain objects).
   */
  name: string;
  type: 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'json' | 'password' | 'reference' | 'link';
  label?: string;
  required?: boolean;
  unique?: boolean;
  /**
   * Any JSON value.
   */
  default?: string | number | boolean | {} | unknown[] | null;
  /**
   * The name of a model (a SQL table).
   */
  target?: string;
  /**
   * The name of a model (a SQL table).
   */
  through?: string;
}
/**
 * A page: rows of columns not bound to a record.
 */
export interface PageDefinition {
  /**
   * A generated id: 32 lowercase hex characters.
   */
  id?: string;
  /**
   * Unique per definition kind; used in routes.
   */
  name: string;
  title?: string;
  hideToolbar?: boolean;
  center?: boolean;
  definition?: Row[];
  actions?: Action[];
  /**
   * Set by the server; an update must send the version it read.
   */
  version?: number;
  access?: Access;
}
/**
 * The designer hints a column plugin's schema.json carries under the one keyword `x-tessera`: at the schema's root they describe the column type (palette, binding, validation); on a property they say how its property editor looks. Every schema is checked against this vocabulary when it compiles, so a misspelt hint fails `gen:types` and start-up. docs/plugins.md explains each member.
 */
export interface PluginHintsVocabulary {
  plugin?: PluginHints;
  property?: PropertyHints;
}
/**
 * Hints at the root of a plugin schema: what the column type is and where it is offered.
 */
export interface PluginHints {
  /**
   * The type's name in the palette and the property panel's heading.
   */
  label: string;
  /**
   * One sentence for the palette's tooltip and search.
   */
  description: string;
  /**
   * A bootstrap-icons name (as /action-icons/{icon}.svg) shown in the palette.
   */
  icon: string;
  /**
   * The palette group: field (edits a record field), layout (holds rows or tabs), content (shows text), embed (shows a grid or menu), designer (edits a definition).
   */
  category: 'field' | 'layout' | 'content' | 'embed' | 'designer';
  /**
   * The designers whose palette offers this type. The page designer offers only None, Text, Html, Rows, Card, Tabs, Grid and WorkFlow.
   */
  designers: ('form' | 'page')[];
  /**
   * Position in the palette within its category, smallest first.
   */
  order?: number;
  /**
   * The properties whose values name record fields this column reads and writes. The first is the column's own value (what its component gets as `value`); the others are fields it also saves (a form designer's model field). The server reads and writes exactly these fields.
   *
   * @minItems 1
   */
  binds?: [string, ...string[]];
  /**
   * What the bound value holds; the field picker offers model fields of a matching type, and the generic validator treats `number` values numerically.
   */
  value?: 'text' | 'number' | 'boolean' | 'json' | 'html' | 'any';
  /**
   * `generic`: the shared field validator (required, regular expression, min, max) checks the value in the browser and on the server. `none` (the default): the type is always valid unless its plugin's own validate() says otherwise in the browser.
   */
  validation?: 'generic' | 'none';
  /**
   * Properties the type takes from a shared part (common.json's fieldCommon) that do nothing for it: its property panel does not offer them (a Checkbox has no placeholder, pattern or minimum). Stored definitions holding them stay valid.
   */
  omit?: string[];
}
/**
 * Hints on one property of a plugin (or of a shared part such as fieldCommon or Tab): how its property editor looks.
 */
export interface PropertyHints {
  /**
   * The editor. Without it the schema's type decides (string: text, number and integer: number, boolean: boolean, enum: enum). field: a field of the form's model; icon: an icon of /api/icons shown as the icon; menu, grid, select: a code of that definition kind; model: a model of /api/models; url: a screen address of /api/urls or typed; selectUrl: a lookup list's data url of /api/selects or typed (a dynamic Select's items); html and code: a code editor; lines: one entry per line; fieldDefault: a model field's default, edited as a value of the field's type; referencePath: what a grid's Reference column shows, a field of the target of the field the object's `name` names or a field one reference further (empty: the record's display); none: not edited in the property panel (the canvas edits it, or it is fixed).
   */
  editor?:
    | 'text'
    | 'textarea'
    | 'number'
    | 'boolean'
    | 'enum'
    | 'width'
    | 'field'
    | 'icon'
    | 'menu'
    | 'grid'
    | 'select'
    | 'model'
    | 'url'
    | 'selectUrl'
    | 'html'
    | 'code'
    | 'lines'
    | 'fieldDefault'
    | 'referencePath'
    | 'none';
  /**
   * The editor's label; the property name when absent.
   */
  label?: string;
  /**
   * The section of the property panel (General when absent).
   */
  group?: string;
  /**
   * Position within the group, smallest first; declaration order when equal.
   */
  order?: number;
  /**
   * Shown only when the panel's advanced properties are open.
   */
  advanced?: boolean;
  /**
   * A boolean property of the same column that switches this one on (hint by showhintchecked); the editor is disabled while it is off.
   */
  enabledBy?: string;
  /**
   * Shown only while the named properties of the same column hold these values (one value, or any of a list), e.g. a select's keys only when selecttype is '1'.
   */
  when?: {
    [k: string]: string | number | boolean | (string | number | boolean)[] | undefined;
  };
  /**
   * Display labels of an enumeration's values.
   */
  options?: {
    [k: string]: string | undefined;
  };
  /**
   * The property holds nested content the canvas edits: rows of columns, or tabs (each a Tab with its own rows).
   */
  children?: 'rows' | 'tabs';
  /**
   * For a children property: the childTypes that may be dropped into it; ["*"] is whatever the designer offers.
   *
   * @minItems 1
   */
  accepts?: [string, ...string[]];
  /**
   * Placeholder text of the editor.
   */
  placeholder?: string;
}
/**
 * A lookup list: static items, or value/label pairs read from a model.
 */
export interface SelectDefinition {
  /**
   * A generated id: 32 lowercase hex characters.
   */
  id?: string;
  /**
   * Unique per definition kind; used in routes.
   */
  name: string;
  title?: string;
  items?: SelectItem[];
  /**
   * The name of a model (a SQL table).
   */
  model?: string;
  valuefield?: string;
  labelfield?: string;
  filters?: Filter[];
  sorts?: Sort[];
  /**
   * Model fields filtered by equality with the extra path segments of /select/{name}, in order.
   */
  params?: string[];
  /**
   * Set by the server; an update must send the version it read.
   */
  version?: number;
  access?: Access;
}
export interface SelectItem {
  value: string;
  label: string;
}
