import type { MenuDefinition } from '../generated/definitions';
import { useApi } from '../runtime/api/useApi';
import { ErrorBanner } from '../ui/ErrorBanner';
import { Loading } from '../ui/Loading';
import { GridView } from '../runtime/views/GridView';
import { MenuView } from '../runtime/views/MenuView';
import { useFormModel, useRecordId } from '../runtime/RuntimeContext';

/** A model's name in words, in lower case: 'OrderLine' is 'order line'. */
function noun(model: string): string {
  return model
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/**
 * A grid definition's list, as its own screen shows it (toolbar, search, paging), inside a
 * column. Changing `name` starts over with the other grid. In a record form it lists for the
 * form's record: its data requests carry `?record={id}` (RECORD.id of its filters), and while the
 * form adds a record a grid filtered by RECORD.id shows a note instead of loading.
 */
export function EmbeddedGrid({ name }: { name: string }) {
  const model = useFormModel();
  const recordId = useRecordId();
  const record = model === undefined ? undefined : recordId;
  return <GridView key={name} name={name} embedded record={record} recordNoun={model === undefined ? undefined : noun(model)} />;
}

/** A menu (work flow) definition's cards, loaded by its code, with 'Loading...' and errors shown in place. */
export function EmbeddedMenu({ name }: { name: string }) {
  const menu = useApi<MenuDefinition>(`/api/menu/${encodeURIComponent(name)}/definition`);
  if (menu.error) return <ErrorBanner message={menu.error} />;
  if (menu.loading || !menu.data) return <Loading />;
  return <MenuView menu={menu.data} />;
}
