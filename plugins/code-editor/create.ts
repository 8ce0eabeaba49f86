import type { CodeEditorColumn } from '../../src/plugin-kit';

/**
 * A new CodeEditor column as the designer adds it.
 * A code editor's default height is 10 (shown as 10vh).
 */
export function create(): CodeEditorColumn {
  return { childType: 'CodeEditor', width: 0, height: 10 };
}
