// Test data of the chat log tests: an office with two agents on one site, and logs at given times.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { chatLogs } from '../db/schema';
import { buildAgent, buildClickPath, tokenFor } from './factories';

/** An office with a site and two agents who have it enabled, and their tokens. */
export async function officeWithAgents(ctx: AppContext) {
  const p = await buildClickPath(ctx);
  const colleague = await buildAgent(ctx, { officeId: p.office.id, siteIds: [p.site.id] });
  return {
    p,
    colleague,
    tokens: {
      office: await tokenFor(ctx, p.office.accountId),
      agent: await tokenFor(ctx, p.agentAccountId),
      colleague: await tokenFor(ctx, colleague.accountId),
    },
  };
}
export type OfficeWithAgents = Awaited<ReturnType<typeof officeWithAgents>>;

export const logCount = async (ctx: AppContext, agentId: number) =>
  (await ctx.db.select().from(chatLogs).where(eq(chatLogs.agentId, agentId))).length;

/** A log of the office's first agent at `submitTime`. */
export const insertLog = (
  ctx: AppContext,
  w: OfficeWithAgents,
  clientUsername: string,
  submitTime: string,
  conversation = 'hi',
) =>
  ctx.db.insert(chatLogs).values({
    officeId: w.p.office.id,
    agentId: w.p.agent.id,
    siteId: w.p.site.id,
    clientUsername,
    conversation,
    submitTime: new Date(submitTime),
  });
