// The one CSV writer of the app (csv-stringify): a header row, then rows pulled chunk by chunk from the
// database only as fast as the client reads them, so an export of any size holds one chunk in memory.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

export interface CsvColumn<Row> {
  /** The header, as the column is named on screen. */
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

// Text from outside (referers, e-mails) starting with = + - @ would run as a formula in a spreadsheet.
// A plain negative number (a reversal's or an adjustment's amount) is no formula: it stays a number to sum.
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;
const OPTIONS = {
  escape_formulas: true,
  record_delimiter: '\r\n',
  cast: { string: (v: string) => (PLAIN_NUMBER.test(v) ? { value: v, escape_formulas: false } : v) },
} as const;

async function* csvText<Row>(columns: CsvColumn<Row>[], chunks: AsyncIterable<Row[]>) {
  // The byte order mark makes spreadsheets read the file as UTF-8 (₱, names).
  yield stringify([columns.map((c) => c.header)], { ...OPTIONS, bom: true });
  for await (const rows of chunks) {
    if (rows.length)
      yield stringify(
        rows.map((r) => columns.map((c) => c.value(r) ?? '')),
        OPTIONS,
      );
  }
}

/**
 * A byte stream of the CSV. Readable.from pulls the next chunk only when the reader wants more, and
 * a reader that goes away ends the generator, which stops the database reads.
 */
export function csvStream<Row>(columns: CsvColumn<Row>[], chunks: AsyncIterable<Row[]>): Readable {
  return Readable.from(csvText(columns, chunks), { objectMode: false });
}

/** A file name safe in a Content-Disposition header: letters, digits, dot, dash and underscore. */
export const csvFileName = (parts: (string | undefined)[]) =>
  `${parts
    .filter((p): p is string => !!p)
    .join('-')
    .replace(/[^A-Za-z0-9._-]/g, '_')}.csv`;

/** Sends the CSV as a download. */
export function sendCsv<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: CsvColumn<Row>[],
  chunks: AsyncIterable<Row[]>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csvStream(columns, chunks));
}
