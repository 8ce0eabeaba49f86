import { describe, expect, it } from 'vitest';
import { exportStream } from '../../src/server/records/record-export.js';
import type { ModelDefinition } from '../../src/server/records/model-types.js';

/**
 * A grid's CSV (src/server/records/record-export.ts): the plain file holds every value exactly, to
 * be imported back; the CSV for Excel (with its byte order mark) also keeps a spreadsheet from
 * running a cell as a formula.
 */
const model = { name: 'Note', idtype: 'integer', fields: [{ name: 'text', type: 'text' }, { name: 'n', type: 'number' }] } as ModelDefinition;
const columns = [
  { name: 'text', label: 'Text' },
  { name: 'n', label: 'N' },
];
const rows = [
  { id: 1, text: '=HYPERLINK("http://x.example","click")', n: -2 },
  { id: 2, text: '+1', n: 3 },
  { id: 3, text: '-minus', n: 0 },
  { id: 4, text: '@SUM(A1)', n: 1 },
  { id: 5, text: 'plain = fine', n: 1.5 },
];

async function csv(bom: boolean): Promise<string> {
  async function* chunks() {
    yield rows;
  }
  let text = '';
  for await (const part of exportStream(model, columns, chunks(), { format: 'csv', bom })) text += String(part);
  return text;
}

describe('CSV export', () => {
  it('holds the values exactly in the plain file', async () => {
    expect((await csv(false)).split('\r\n')).toEqual(['Text,N', '"=HYPERLINK(""http://x.example"",""click"")",-2', '+1,3', '-minus,0', '@SUM(A1),1', 'plain = fine,1.5', '']);
  });

  it('turns a text cell a spreadsheet would run into text in the CSV for Excel, and leaves numbers alone', async () => {
    expect((await csv(true)).replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'Text,N',
      `"'=HYPERLINK(""http://x.example"",""click"")",-2`,
      "'+1,3",
      "'-minus,0",
      "'@SUM(A1),1",
      'plain = fine,1.5',
      '',
    ]);
  });
});
