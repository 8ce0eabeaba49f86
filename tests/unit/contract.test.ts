import { describe, expect, it } from 'vitest';
import { definitionKinds, isDefinitionModel, kindOfModel, modelOf, modelOfKind, SCHEMA_BASE, apiSchemaId } from '../../src/shared/contract';
import formSchema from '../../schemas/form.json' with { type: 'json' };

describe('the shared contract', () => {
  it('reads a definition without a model as the default model, User', () => {
    expect(modelOf({})).toBe('User');
    expect(modelOf({ model: undefined })).toBe('User');
    expect(modelOf({ model: 'Order' })).toBe('Order');
  });

  it('maps every definition kind to its model and back, comparing model names as tables are (without case)', () => {
    for (const kind of definitionKinds) {
      expect(kindOfModel(modelOfKind(kind))).toBe(kind);
      expect(kindOfModel(modelOfKind(kind).toUpperCase())).toBe(kind);
      expect(isDefinitionModel(modelOfKind(kind))).toBe(true);
    }
    expect(kindOfModel('User')).toBeUndefined();
    expect(isDefinitionModel('User')).toBe(false);
    // The client reads a form over 'FORM' as the server does: a form over the forms' table,
    // saved whole (it compared the exact spelling, so the two disagreed on such a form).
    expect(isDefinitionModel('FORM')).toBe(true);
  });

  it('names schema ids under the base the schema files use', () => {
    expect((formSchema as { $id: string }).$id.startsWith(SCHEMA_BASE)).toBe(true);
    expect(apiSchemaId('login')).toBe(`${SCHEMA_BASE}api/login.json`);
  });
});
