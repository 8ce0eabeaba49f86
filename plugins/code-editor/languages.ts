import type { LanguageSupport } from '@codemirror/language';
import type { CodeEditorColumn } from '../../src/plugin-kit';

export type CodeLanguage = NonNullable<CodeEditorColumn['language']>;

/**
 * The languages a CodeEditor column may name (schema.json), each its own lazy chunk: a JSON field does not download the SQL
 * grammar. A missing or unknown language edits plain text.
 */
const loaders: Record<CodeLanguage, () => Promise<LanguageSupport>> = {
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  json: () => import('@codemirror/lang-json').then((m) => m.json()),
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  xml: () => import('@codemirror/lang-xml').then((m) => m.xml()),
  sql: () => import('@codemirror/lang-sql').then((m) => m.sql()),
};

export function loadLanguage(language: string | undefined): Promise<LanguageSupport> | undefined {
  return language && Object.hasOwn(loaders, language) ? loaders[language as CodeLanguage]() : undefined;
}

/** A code editor is 10vh high unless its column says otherwise. */
export function editorHeight(height: number | undefined): string {
  return `${height && height > 0 ? height : 10}vh`;
}
