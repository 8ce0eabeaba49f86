import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const PLUGIN_IMPORTS =
  'A plugin imports only the plugin kit (src/plugin-kit, and src/plugin-kit/designer for a designer column), its own files and npm packages; tests may add src/plugin-kit/testing. See docs/plugins.md.';

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
      'no-restricted-imports': ['error', { patterns: [{ regex: String.raw`^\.\./(?!\.\./src/plugin-kit(/designer)?$)`, message: PLUGIN_IMPORTS }] }],
    },
  },
  {
    files: ['plugins/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: String.raw`^\.\./(?!\.\./src/plugin-kit(/testing|/designer)?$)`, message: PLUGIN_IMPORTS }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
);
