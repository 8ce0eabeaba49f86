import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { layerImportsRule } from './scripts/layers.mjs';

const PLUGIN_IMPORTS =
  'A plugin imports only the plugin kit (src/plugin-kit), its own files and npm packages; tests may add src/plugin-kit/testing. See docs/plugins.md.';

const STEP_IMPORTS = 'A step folder imports only the step kit (src/plugin-kit/steps), its own files and npm packages. See docs/automations.md.';

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
    ignores: ['plugins/**/*.test.{ts,tsx}', 'plugins/steps/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: String.raw`^\.\./(?!\.\./src/plugin-kit$)`, message: PLUGIN_IMPORTS }] }],
    },
  },
  // An automation step folder (plugins/steps/<type>/) imports only the step kit: it gets everything
  // it may do from the context it is handed (docs/automations.md, "Step types").
  {
    files: ['plugins/steps/**/*.{ts,tsx}'],
    ignores: ['plugins/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: String.raw`^\.\./(?!\.\./\.\./src/plugin-kit/steps$)`, message: STEP_IMPORTS }] }],
    },
  },
  {
    files: ['plugins/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: String.raw`^\.\./(?!\.\./src/plugin-kit(/testing)?$)`, message: PLUGIN_IMPORTS }] }],
    },
  },
  // Layers run one way (scripts/layers.mjs, docs/architecture.md): shared <- ui <- runtime <-
  // designer and plugin-kit (side by side) <- plugins <- app on the client, the designer handed its
  // API client and plugins rather than importing them; on the server core <- records <-
  // definitions and auth <- ops <- http, all on shared. A file importing a layer above it (or
  // beside it) is refused here; tests/unit/layers.test.ts also refuses cycles. Plugins have their
  // own, stricter rule above.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/plugin-kit/testing.tsx'],
    plugins: { tessera: { rules: { 'layer-imports': layerImportsRule } } },
    rules: { 'tessera/layer-imports': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
);
