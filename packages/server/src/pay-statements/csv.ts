// The two pay statement files: one statement (its lines, then its total and balances) and the list of
// statements. Money as bare signed numbers a spreadsheet sums, the currency in the header.
import {
  isAdmin,
  pesoAmount,
  priceAmount,
  PAY_STATEMENT_HEADERS as H,
  STATEMENT_LINE_LABELS,
  statementStatusOf,
  STATEMENT_STATUS_LABELS,
  type TPayStatement,
  type TPayStatementsQuery,
} from '@salesdesk/contract';
import type { FastifyReply } from 'fastify';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import type { Principal } from '../http/auth';
import type { StatementRecord } from './sql';

const PESO = (header: string) => `${header} (₱)`;

interface StatementCsvRow {
  line: string;
  site?: string | null;
  count?: number;
  payout: string;
  dollars?: string | null;
  note?: string | null;
  internalNote?: string | null;
}

// Admins' file has the adjustments' internal notes in a column of their own.
const statementColumns = (p: Principal): CsvColumn<StatementCsvRow>[] => [
  { header: H.line, value: (r) => r.line },
  { header: H.site, value: (r) => r.site },
  { header: H.count, value: (r) => r.count },
  { header: PESO(H.payout), value: (r) => pesoAmount(r.payout) },
  { header: H.dollars, value: (r) => (r.dollars == null ? '' : priceAmount(r.dollars)) },
  { header: H.note, value: (r) => r.note },
  ...(isAdmin(p.role) ? [{ header: H.internalNote, value: (r: StatementCsvRow) => r.internalNote }] : []),
];

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

/** The statement's lines, then Total (pesos and AVP dollars), Carried in, Payable and Carried out. */
export function sendStatementCsv(reply: FastifyReply, p: Principal, s: TPayStatement) {
  const rows: StatementCsvRow[] = [
    ...s.lines.map((l) => ({ ...l, line: STATEMENT_LINE_LABELS[l.kind] })),
    { line: H.total, payout: s.total, dollars: s.dollars },
    { line: H.carriedIn, payout: s.carriedIn },
    { line: H.payable, payout: s.payable },
    { line: H.carriedOut, payout: s.carriedOut },
  ];
  return sendCsv(reply, csvFileName(['pay-statement', s.start, s.username]), statementColumns(p), once(rows));
}

function listColumns(p: Principal): CsvColumn<StatementRecord>[] {
  const columns: (CsvColumn<StatementRecord> | false)[] = [
    { header: H.period, value: (r) => `${r.start} - ${r.end}` },
    { header: H.status, value: (r) => STATEMENT_STATUS_LABELS[statementStatusOf(r.status)] },
    // An office's or agent's rows are all its own office.
    isAdmin(p.role) && { header: H.office, value: (r) => r.office_name },
    { header: H.agent, value: (r) => `${r.username} (${r.agent_name})` },
    { header: PESO(H.total), value: (r) => pesoAmount(r.total) },
    { header: PESO(H.carriedIn), value: (r) => pesoAmount(r.carried_in) },
    { header: PESO(H.payable), value: (r) => pesoAmount(r.payable) },
    { header: PESO(H.carriedOut), value: (r) => pesoAmount(r.carried_out) },
    { header: H.dollars, value: (r) => priceAmount(r.dollars) },
  ];
  return columns.filter((c): c is CsvColumn<StatementRecord> => !!c);
}

export function sendStatementListCsv(
  reply: FastifyReply,
  p: Principal,
  q: TPayStatementsQuery,
  chunks: AsyncIterable<StatementRecord[]>,
) {
  return sendCsv(reply, csvFileName(['pay-statements', q.start]), listColumns(p), chunks);
}
