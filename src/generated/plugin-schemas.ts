/* eslint-disable */
/**
 * GENERATED FILE - do not edit by hand.
 * Source: schemas/*.json and plugins/<folder>/schema.json.
 * Regenerate with `npm run gen:types`; CI runs `tsx scripts/gen-types.ts --check`.
 */
import buttonSchema from '../../plugins/button/schema.json' with { type: 'json' };
import cardSchema from '../../plugins/card/schema.json' with { type: 'json' };
import checkboxSchema from '../../plugins/checkbox/schema.json' with { type: 'json' };
import codeEditorSchema from '../../plugins/code-editor/schema.json' with { type: 'json' };
import dualListSchema from '../../plugins/dual-list/schema.json' with { type: 'json' };
import editorSchema from '../../plugins/editor/schema.json' with { type: 'json' };
import formDesignerSchema from '../../plugins/form-designer/schema.json' with { type: 'json' };
import gridSchema from '../../plugins/grid/schema.json' with { type: 'json' };
import gridDesignerSchema from '../../plugins/grid-designer/schema.json' with { type: 'json' };
import hiddenSchema from '../../plugins/hidden/schema.json' with { type: 'json' };
import htmlSchema from '../../plugins/html/schema.json' with { type: 'json' };
import inputSchema from '../../plugins/input/schema.json' with { type: 'json' };
import menuDesignerSchema from '../../plugins/menu-designer/schema.json' with { type: 'json' };
import modelDesignerSchema from '../../plugins/model-designer/schema.json' with { type: 'json' };
import noneSchema from '../../plugins/none/schema.json' with { type: 'json' };
import pageDesignerSchema from '../../plugins/page-designer/schema.json' with { type: 'json' };
import ratingSchema from '../../plugins/rating/schema.json' with { type: 'json' };
import referenceSchema from '../../plugins/reference/schema.json' with { type: 'json' };
import rowsSchema from '../../plugins/rows/schema.json' with { type: 'json' };
import selectSchema from '../../plugins/select/schema.json' with { type: 'json' };
import tabsSchema from '../../plugins/tabs/schema.json' with { type: 'json' };
import textSchema from '../../plugins/text/schema.json' with { type: 'json' };
import textAreaSchema from '../../plugins/text-area/schema.json' with { type: 'json' };
import workFlowSchema from '../../plugins/work-flow/schema.json' with { type: 'json' };

/** Every plugin folder's schema.json, keyed by folder, in folder order. */
export const pluginSchemaFiles: Readonly<Record<string, object>> = {
  'button': buttonSchema,
  'card': cardSchema,
  'checkbox': checkboxSchema,
  'code-editor': codeEditorSchema,
  'dual-list': dualListSchema,
  'editor': editorSchema,
  'form-designer': formDesignerSchema,
  'grid': gridSchema,
  'grid-designer': gridDesignerSchema,
  'hidden': hiddenSchema,
  'html': htmlSchema,
  'input': inputSchema,
  'menu-designer': menuDesignerSchema,
  'model-designer': modelDesignerSchema,
  'none': noneSchema,
  'page-designer': pageDesignerSchema,
  'rating': ratingSchema,
  'reference': referenceSchema,
  'rows': rowsSchema,
  'select': selectSchema,
  'tabs': tabsSchema,
  'text': textSchema,
  'text-area': textAreaSchema,
  'work-flow': workFlowSchema,
};
