import type { Locator, Page } from 'playwright-core';

/**
 * The model designer as a browser test drives it: its design area and side panel, and a field
 * added the way an administrator adds one (the canvas's Add field, then the panel).
 */
export function designerParts(page: Page): { canvas: Locator; panel: Locator } {
  return { canvas: page.getByRole('region', { name: 'Model designer design area' }), panel: page.getByRole('complementary', { name: 'Properties' }) };
}

export interface FieldWanted {
  name: string;
  label?: string;
  /** The type as the panel words it ('Number', 'Date', 'Yes or no'); text when left out. */
  type?: string;
  required?: boolean;
}

/** Adds a field with the canvas's button and sets it in the side panel. */
export async function addField(page: Page, field: FieldWanted): Promise<void> {
  const { canvas, panel } = designerParts(page);
  await canvas.getByRole('button', { name: 'Add field' }).click();
  await panel.getByLabel('Name', { exact: true }).fill(field.name);
  if (field.label !== undefined) await panel.getByLabel('Label', { exact: true }).fill(field.label);
  if (field.type) await panel.getByLabel('Type', { exact: true }).selectOption({ label: field.type });
  if (field.required) await panel.getByRole('switch', { name: 'Required' }).check();
}
