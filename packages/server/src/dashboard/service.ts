// The dashboard: notes for agents, the fraud banner flag, the latest news and the three top-10 tables.
import { isAdmin, Role, weekOf, type TDashboard } from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { getLastNews } from '../news/service';
import { top10Rows } from '../top-agents/service';
import { findAgentPanel, findOfficeNotes } from './sql';

const blankHtml = (html: string | null | undefined) => !html || !html.replace(/<[^>]*>|&nbsp;|\s/g, '');

/** Html pieces joined, or null when none has text. */
const joinHtml = (...parts: (string | null | undefined)[]) => {
  const kept = parts.filter((h): h is string => !blankHtml(h));
  return kept.length ? kept.join('') : null;
};

/** An agent reads its office's notes and its own Must Read; an office sees the notes it leaves; admins none. */
async function notesOf(ctx: AppContext, p: Principal) {
  if (p.role === Role.Agent) {
    const panel = await findAgentPanel(ctx.db, p);
    return {
      agentNotes: joinHtml(panel?.agent_notes, panel?.must_read),
      // The notice and the session's limits are one state (common/fraud-suspension.ts).
      showAgentFraudNotes: p.fraudSuspended,
    };
  }
  if (p.role === Role.Company) {
    const office = await findOfficeNotes(ctx.db, p);
    return { agentNotes: joinHtml(office?.agent_notes), showAgentFraudNotes: false };
  }
  return { agentNotes: null, showAgentFraudNotes: false };
}

/** Weekly tables count the Sunday-to-Saturday Eastern week holding `now`; all time counts every sale. */
export async function getDashboard(ctx: AppContext, p: Principal, now = new Date()): Promise<TDashboard> {
  const week = weekOf(now);
  const withOffice = isAdmin(p.role);
  // Independent reads: on PostgreSQL they run on separate pool connections at once.
  const [notes, lastNews, weekTop10, allTimeTop10, weekOfficeTop10] = await Promise.all([
    notesOf(ctx, p),
    getLastNews(ctx),
    top10Rows(ctx.db, 'agent', week, withOffice),
    top10Rows(ctx.db, 'agent', {}, withOffice),
    top10Rows(ctx.db, 'company', week, true),
  ]);
  return { ...notes, lastNews, weekPeriod: week, weekTop10, allTimeTop10, weekOfficeTop10 };
}
