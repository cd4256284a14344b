// The dashboard (/app/home, GET dashboard): notes, the fraud banner, the latest news and the three top-10 tables.
import { z } from 'zod';

/** Each top-10 table holds at most this many rows; the first TOP_HIGHLIGHTED are highlighted. */
export const TOP_ROWS = 10;
export const TOP_HIGHLIGHTED = 3;

export const DASHBOARD_TEXTS = {
  title: 'Home',
  weekTop10: 'Weekly Top 10 Agents',
  allTimeTop10: 'All Time Top 10 Agents',
  weekOfficeTop10: 'Weekly office',
  empty: 'No data for period',
  choosePeriod: 'Choose another pay period',
  fraud: 'Your account is suspended because your sales were flagged as made with stolen credit cards.',
} as const;

/** The top-10 column headers. */
export const TOP_HEADERS = { no: 'No', office: 'Office', agent: 'Agent', sales: 'Sales' } as const;

/**
 * One place of a ranking. `office` is null in agent rankings for non-admins (they do not see the
 * Office column); `agent` and `agentName` are null in office rankings.
 */
export const ZTopRow = z.object({
  office: z.string().nullable(),
  agent: z.string().nullable(),
  agentName: z.string().nullable(),
  sales: z.number().int(),
});
export type TTopRow = z.infer<typeof ZTopRow>;

/** 'agent01 (Maria Santos)', or the username alone when the agent has no name. */
export function topAgentLabel(row: Pick<TTopRow, 'agent' | 'agentName'>): string {
  const agent = row.agent ?? '';
  return row.agentName ? `${agent} (${row.agentName})` : agent;
}

export const ZDashboard = z.object({
  /** The office's notes for its agents (html), shown to the office and its agents; null for admins. */
  agentNotes: z.string().nullable(),
  showAgentFraudNotes: z.boolean(),
  lastNews: z.object({ html: z.string() }),
  /** The current Sunday-to-Saturday Eastern week of the weekly tables. */
  weekPeriod: z.object({ start: z.string(), end: z.string() }),
  weekTop10: z.array(ZTopRow),
  allTimeTop10: z.array(ZTopRow),
  weekOfficeTop10: z.array(ZTopRow),
});
export type TDashboard = z.infer<typeof ZDashboard>;
