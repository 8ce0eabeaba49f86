import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { forbiddenImportPattern, LAYERS } from './scripts/layers.mjs';

const PLUGIN_IMPORTS =
  'A plugin imports only the plugin kit (src/plugin-kit), its own files and npm packages; tests may add src/plugin-kit/testing. See docs/plugins.md.';

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'src/generated/**', 'coverage/**', 'test-results/**', 'data/**', 'bench-results/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // STYLE.md: no `any`; unknown plus a narrowing check says what we actually know.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // A plugin sees Tessera only through the plugin kit (docs/plugins.md), so a plugin folder can be
  // lifted into another repository unchanged: no reaching into the client, the server, the core
  // or another plugin's folder. Its tests may add the kit's testing helpers.
  {
    files: ['plugins/**/*.{ts,tsx}'],
    ignores: ['plugins/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: String.raw`^\.\./(?!\.\./src/plugin-kit$)`, message: PLUGIN_IMPORTS }] }],
    },
  },
  {
    files: ['plugins/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: String.raw`^\.\./(?!\.\./src/plugin-kit(/testing)?$)`, message: PLUGIN_IMPORTS }] }],
    },
  },
  // Layers run one way (scripts/layers.mjs, docs/architecture.md): shared <- ui <- runtime <-
  // designer and plugin-kit (side by side) <- plugins <- app, and the server on shared only. A file
  // importing a layer above it (or beside it), or a module its layer is handed instead (the
  // designer's API client and plugins), is refused here; tests/unit/layers.test.ts also refuses cycles.
  ...LAYERS.filter((l) => l.name !== 'plugins').map((layer) => ({
    files: layer.folders.map((f) => `${f}/**/*.{ts,tsx}`),
    ignores: layer.name === 'plugin-kit' ? ['src/plugin-kit/testing.tsx'] : [],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: forbiddenImportPattern(layer.name),
              message: `The ${layer.name} layer imports only ${layer.may.join(', ') || 'its own files'} (and npm packages)${layer.not ? `, and is handed ${layer.not.join(' and ')} rather than importing them` : ''}: see docs/architecture.md.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
);
