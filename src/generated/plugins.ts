/* eslint-disable */
/**
 * GENERATED FILE - do not edit by hand.
 * Source: schemas/*.json and plugins/<folder>/schema.json.
 * Regenerate with `npm run gen:types`; CI runs `tsx scripts/gen-types.ts --check`.
 */
import type { AnyColumnPlugin } from '../runtime/plugin';
import { plugin as button } from '../../plugins/button';
import { plugin as card } from '../../plugins/card';
import { plugin as checkbox } from '../../plugins/checkbox';
import { plugin as codeEditor } from '../../plugins/code-editor';
import { plugin as dualList } from '../../plugins/dual-list';
import { plugin as editor } from '../../plugins/editor';
import { plugin as formDesigner } from '../../plugins/form-designer';
import { plugin as grid } from '../../plugins/grid';
import { plugin as gridDesigner } from '../../plugins/grid-designer';
import { plugin as hidden } from '../../plugins/hidden';
import { plugin as html } from '../../plugins/html';
import { plugin as input } from '../../plugins/input';
import { plugin as menuDesigner } from '../../plugins/menu-designer';
import { plugin as modelDesigner } from '../../plugins/model-designer';
import { plugin as none } from '../../plugins/none';
import { plugin as pageDesigner } from '../../plugins/page-designer';
import { plugin as rating } from '../../plugins/rating';
import { plugin as reference } from '../../plugins/reference';
import { plugin as rows } from '../../plugins/rows';
import { plugin as select } from '../../plugins/select';
import { plugin as tabs } from '../../plugins/tabs';
import { plugin as text } from '../../plugins/text';
import { plugin as textArea } from '../../plugins/text-area';
import { plugin as workFlow } from '../../plugins/work-flow';

/** Each plugin folder's plugin, keyed by folder, in folder order (registryOfFolders in src/runtime/registry.ts checks them). */
export const pluginFolders: Readonly<Record<string, AnyColumnPlugin>> = {
  'button': button,
  'card': card,
  'checkbox': checkbox,
  'code-editor': codeEditor,
  'dual-list': dualList,
  'editor': editor,
  'form-designer': formDesigner,
  'grid': grid,
  'grid-designer': gridDesigner,
  'hidden': hidden,
  'html': html,
  'input': input,
  'menu-designer': menuDesigner,
  'model-designer': modelDesigner,
  'none': none,
  'page-designer': pageDesigner,
  'rating': rating,
  'reference': reference,
  'rows': rows,
  'select': select,
  'tabs': tabs,
  'text': text,
  'text-area': textArea,
  'work-flow': workFlow,
};
