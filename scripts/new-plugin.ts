/**
 * `npm run new:plugin -- StarScore` creates plugins/star-score/: a schema with designer hints,
 * create() defaults, a working text-field component on the plugin kit, examples, a test and a
 * README; then runs gen:types so the type is in the column union and the registry at once.
 * The new folder passes the contract suite, the type-check and the lint as it stands, so a
 * developer starts from green and changes it into their column. Refuses (exit 1, nothing
 * written) a name that is not PascalCase, a folder that exists, or a childType already taken.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { discoverPluginFolders, folderOf, PluginFolderError, type PluginFolder } from '../src/server/http/plugin-folders.js';

const root = path.resolve(import.meta.dirname, '..');
const pluginsDir = path.join(root, 'plugins');

function fail(message: string): never {
  console.error(`new:plugin: ${message}`);
  process.exit(1);
}

/** 'StarScore' -> 'Star score'. */
function words(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function files(name: string, folder: string): Record<string, string> {
  const label = words(name);
  const column = `${name}Column`;
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://tessera.dev/schemas/plugins/${folder}.json`,
    title: column,
    'x-tessera': {
      label,
      description: `A ${label.toLowerCase()} field.`,
      icon: 'puzzle',
      category: 'field',
      designers: ['form'],
      binds: ['name'],
      value: 'text',
      validation: 'generic',
    },
    type: 'object',
    allOf: [{ $ref: 'https://tessera.dev/schemas/common.json#/$defs/fieldCommon' }],
    properties: {
      childType: { const: name, 'x-tessera': { editor: 'none' } },
      width: { $ref: 'https://tessera.dev/schemas/common.json#/$defs/width', 'x-tessera': { editor: 'width', label: 'Width', order: 1 } },
    },
    required: ['childType', 'width'],
    unevaluatedProperties: false,
  };
  return {
    'schema.json': json(schema),
    'create.ts': `import type { ${column} } from '../../src/plugin-kit';

/** A new ${label} column as the designer adds it: the defaults a user starts from. */
export function create(): ${column} {
  return { childType: '${name}', width: 0, label: '${label}', showlabelchecked: true };
}
`,
    [`${name}.tsx`]: `import { describedBy, FieldFrame, type ${column}, type RenderProps } from '../../src/plugin-kit';

/**
 * The ${label} column. It starts as a text box bound to the record field its \`name\` picks;
 * change it into your control. Keep the FieldFrame (label, hint, error) and honour \`disabled\`.
 */
export function ${name}({ column, id, value, onChange, error, invalid, disabled }: RenderProps<${column}>) {
  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid}>
      <input
        id={id}
        name={column.name}
        className={\`form-control\${invalid ? ' is-invalid' : ''}\`}
        value={value === undefined || value === null ? '' : String(value)}
        placeholder={column.placeholderchecked ? column.placeholder : undefined}
        disabled={disabled}
        required={column.required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(column, id, invalid, error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}
`,
    'index.ts': `import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { ${name} } from './${name}';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: '${name}',
  schema,
  create,
  Render: ${name},
  // Columns the contract suite renders in every mode and sends through the definition API.
  examples: [
    { childType: '${name}', width: 6, name: 'title', label: 'Title', showlabelchecked: true, required: true },
    { childType: '${name}', width: 0, name: 'note', label: 'Note', showhintchecked: true, hint: 'Anything to add' },
  ],
});
`,
    [`${name}.test.tsx`]: `import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ${column} } from '../../src/plugin-kit';
import { renderField } from '../../src/plugin-kit/testing';

const column: ${column} = { childType: '${name}', width: 0, name: 'title', label: 'Title', showlabelchecked: true };

describe('the ${label} column', () => {
  it('shows the record value under its label and stores what the user types', () => {
    const rt = renderField(column, { title: 'First' });
    const box = screen.getByLabelText('Title') as HTMLInputElement;
    expect(box.value).toBe('First');
    fireEvent.change(box, { target: { value: 'Second' } });
    expect(rt.store.getState().values.title).toBe('Second');
  });

  it('does not change in a read-only form', () => {
    renderField(column, { title: 'First' }, { readOnly: true });
    expect((screen.getByLabelText('Title') as HTMLInputElement).disabled).toBe(true);
  });
});
`,
    'README.md': `# ${label}

The \`${name}\` column type, scaffolded by \`npm run new:plugin -- ${name}\`. It starts as a
text field. [docs/plugins.md](../../docs/plugins.md) explains the contract, the designer hints in
schema.json and the tests; \`npm test\` runs the contract suite over this folder.
`,
  };
}

/** The childTypes the existing folders declare; a broken folder stops the scaffold, naming it. */
function declaredChildTypes(): PluginFolder[] {
  try {
    return discoverPluginFolders(pluginsDir);
  } catch (e) {
    if (!(e instanceof PluginFolderError)) throw e;
    // gen:types would refuse to run after the new folder is written, so say so before writing it.
    return fail(`fix the plugin folders first (gen:types could not run):\n${e.message}`);
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const name = args[0] ?? '';
  if (args.length > 1) {
    fail(`give one PascalCase name, not ${args.length} words (${args.join(' ')}), e.g. npm run new:plugin -- ${args.map((a) => a.charAt(0).toUpperCase() + a.slice(1)).join('')}`);
  }
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) {
    fail(`'${name}' is not a column type name: give a PascalCase name, e.g. npm run new:plugin -- StarScore`);
  }
  const folder = folderOf(name);
  const dir = path.join(pluginsDir, folder);
  if (fs.existsSync(dir)) fail(`plugins/${folder} already exists`);
  // Case-blind: 'Textarea' beside 'TextArea' would be two palette entries nobody can tell apart.
  const taken = declaredChildTypes().find((p) => p.childType.toLowerCase() === name.toLowerCase());
  if (taken) fail(`childType '${taken.childType}' is already declared by plugins/${taken.folder}`);

  fs.mkdirSync(dir);
  for (const [file, text] of Object.entries(files(name, folder))) fs.writeFileSync(path.join(dir, file), text);
  const gen = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/gen-types.ts')], { cwd: root, stdio: 'inherit' });
  if (gen.status !== 0) {
    // gen:types writes nothing unless every folder is sound, so removing the folder undoes it all
    // (a reserved childType such as Tab ends here, with gen:types' own message above).
    fs.rmSync(dir, { recursive: true, force: true });
    fail('gen:types failed; plugins/' + folder + ' was removed again');
  }
  console.log(`Created plugins/${folder}/ (${name}): schema.json, create.ts, ${name}.tsx, index.ts, ${name}.test.tsx, README.md.
Next: make ${name}.tsx your control, add its properties to schema.json with x-tessera hints,
and run npm test (the contract suite covers the new folder). Guide: docs/plugins.md`);
}

main();
