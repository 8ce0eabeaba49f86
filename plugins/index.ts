/**
 * Every column plugin, registered once. Adding a column type is adding its folder under
 * plugins/ and one line here; a childType registered twice fails at start-up.
 */
import { registerPlugin } from '../src/client/runtime/registry';
import { plugin as none } from './none';
import { plugin as input } from './input';
import { plugin as textArea } from './text-area';
import { plugin as checkbox } from './checkbox';
import { plugin as select } from './select';
import { plugin as editor } from './editor';
import { plugin as codeEditor } from './code-editor';
import { plugin as formDesigner } from './form-designer';
import { plugin as gridDesigner } from './grid-designer';
import { plugin as rows } from './rows';
import { plugin as card } from './card';
import { plugin as tabs } from './tabs';
import { plugin as text } from './text';
import { plugin as html } from './html';
import { plugin as hidden } from './hidden';
import { plugin as dualList } from './dual-list';
import { plugin as pageDesigner } from './page-designer';
import { plugin as menuDesigner } from './menu-designer';
import { plugin as workFlow } from './work-flow';
import { plugin as grid } from './grid';
import { plugin as button } from './button';

for (const plugin of [
  none, input, textArea, checkbox, select, editor, codeEditor, formDesigner, gridDesigner, rows, card, tabs,
  text, html, hidden, dualList, pageDesigner, menuDesigner, workFlow, grid, button,
]) {
  registerPlugin(plugin as never);
}
