/**
 * What a change of a model that holds data would do and cost (docs/api.md, "Changing a model
 * that holds data"): the plan `POST /api/definitions/model/{id}/preview` answers and `/change`
 * follows. One type for both sides: the server builds it (src/server/definitions/model-change.ts),
 * the change dialog shows it (src/designer/models/ChangePlanDialog.tsx). Types only.
 */
import type { ModelDefinition } from '../generated/definitions';

/** The definitions that name a model's fields. */
export type UsingKind = 'form' | 'grid' | 'select';

/** A definition naming a field, with the places that name it ('column 2', 'sort 1', ...). */
export interface DefinitionUse {
  kind: UsingKind;
  name: string;
  places: string[];
}

/** Something that stops the change as asked, with a JSON pointer into the request (`/model/fields/2/type`). */
export interface PlanProblem {
  status: 400 | 409;
  pointer: string;
  message: string;
}

export interface ChangePlan {
  model: string;
  /** The models the change creates with it (the body's `create`), by name. */
  created: string[];
  /** The rows of the table now. */
  rows: number;
  /** `filled`: the rows given the default; `through` the link model of a link field. */
  added: { field: string; type: string; required: boolean; default?: unknown; filled: number; through?: string }[];
  /**
   * `uses`: the forms, grids and selects saved with the new name (grids of any model whose
   * filters or reference columns' `shows` walk through the field included, and definitions of any
   * model whose grants' rules do, or whose grants' `fields` or `presets` name it); `views`: the saved
   * grid views rewritten with it (absent: none).
   */
  renamed: { from: string; to: string; uses: DefinitionUse[]; views?: number }[];
  /** `values` the non-empty values, `failing` those that do not convert (up to 5 of them in `samples`); `clear` whether the request clears them. */
  retyped: { field: string; from: string; to: string; values: number; convertible: number; failing: number; samples: unknown[]; clear: boolean }[];
  /** The rows without a value in a field made required. */
  required: { field: string; empty: number }[];
  /** The rows repeating a value of a field made unique, and the most repeated values. */
  unique: { field: string; repeated: number; samples: { value: unknown; count: number }[] }[];
  /**
   * `values` the non-empty values lost; `uses` the definitions that still name the field, by name
   * or through a path (each stops the change); `views` the saved grid views that lose the sort or
   * the filter items naming it (absent: none).
   */
  deleted: { field: string; type: string; values: number; uses: DefinitionUse[]; views?: number }[];
  /** What stops the change as asked. */
  problems: PlanProblem[];
  /** Said when fields are deleted: their values are not kept anywhere but in a backup. */
  warning?: string;
}

/** What `POST /api/definitions/model/{id}/preview` and `/change` take. */
export interface ModelChangeBody {
  /** The whole new model document, with the `version` it was read at. */
  model: Record<string, unknown>;
  /** `{ old: new }`: fields are known by name. */
  renames?: Record<string, string>;
  /** `{ field: 'clear' }`: clear the values a type change cannot convert. */
  convert?: Record<string, 'clear'>;
  /** New models made in the same transaction (a link field's link model): the model may name them, and they it. */
  create?: ModelDefinition[];
}
