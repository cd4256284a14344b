import { describe, expect, it } from 'vitest';
import { csvStream } from './csv';

async function csvOf(values: string[]): Promise<string> {
  async function* chunks() {
    yield values.map((v) => ({ v }));
  }
  let text = '';
  for await (const part of csvStream([{ header: 'Value', value: (r: { v: string }) => r.v }], chunks()))
    text += String(part);
  return text.replace(/^\uFEFF/, '');
}

describe('csvStream', () => {
  it('writes a negative amount as a number a spreadsheet sums, and any other text starting with - as text', async () => {
    const text = await csvOf(['-5.5', '-100', '-0.01', '-1+cmd()', '-', '=1+1', '@x', '12.50']);
    expect(text.split('\r\n')).toEqual([
      'Value',
      '-5.5',
      '-100',
      '-0.01',
      "'-1+cmd()",
      "'-",
      "'=1+1",
      "'@x",
      '12.50',
      '',
    ]);
  });
});
