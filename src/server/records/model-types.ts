// The model shapes come from schemas/model.json through src/generated (never hand-twinned).
export type { ModelDefinition, ModelField } from '../../generated/definitions.js';
