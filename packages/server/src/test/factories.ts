// Test data builders that make a whole valid object graph (an agent comes with its office).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Role, type TSecondFactor } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { createAccount, type PasswordColumns } from '../accounts/credentials';
import { encryptSecret, hashPassword } from '../common/crypto';
import { accounts, agentSites, agents, linkTypes, officeSites, offices, sites } from '../db/schema';
import type { App } from '../app';
import { call } from './harness';
import { publishChange } from '../common/changes';
import { signSession } from '../http/auth';
import { insertSession } from '../auth/sessions-sql';

export const PASSWORD = 'secret123';

/**
 * PASSWORD's columns: hashed once in this process (an argon2 hash is about 14 ms, and the factories made
 * about 1,600 accounts a pass, 22 s of it), its viewable copy encrypted with the caller's keys.
 */
let passwordHash: Promise<string> | undefined;
async function factoryPassword(ctx: AppContext): Promise<PasswordColumns> {
  passwordHash ??= hashPassword(PASSWORD);
  return { passwordHash: await passwordHash, passwordSecret: encryptSecret(ctx.keys, PASSWORD) };
}
/** The names made so far in this process: on globalThis, which a worker's test files share. */
const MADE = Symbol.for('salesdesk.test.uniqueNames');

/**
 * A unique short name (usernames are at most 10 characters): the prefix (at most 4), a count of three
 * base-36 letters and random ones up to 10. A worker's test files share its database and each file
 * starts its modules afresh, so the count lives on globalThis: a count kept in this module restarted in
 * every file and two files met on one name. Fixed width, so names sort in the order they were made
 * (reports ordered by name list a file's first agent first).
 */
export function uniqueName(prefix = 'u'): string {
  if (prefix.length > 4) throw new Error(`uniqueName: prefix '${prefix}' is longer than 4`);
  const made = globalThis as { [MADE]?: number };
  made[MADE] = (made[MADE] ?? 0) + 1;
  const count = made[MADE].toString(36).padStart(3, '0');
  return `${prefix}${count}${randomBytes(8).readBigUInt64BE().toString(36)}`.slice(0, 10);
}

export async function buildAdmin(
  ctx: AppContext,
  opts: { role?: number; approveAgents?: boolean; canDelete?: boolean } = {},
) {
  const username = uniqueName('a');
  const id = await createAccount(
    ctx.db,
    ctx.keys,
    {
      role: opts.role ?? Role.Admin,
      username,
      password: PASSWORD,
      email: `${username}@example.com`,
    },
    await factoryPassword(ctx),
  );
  await ctx.db
    .update(accounts)
    .set({ approveAgents: opts.approveAgents ?? false, canDelete: opts.canDelete ?? false })
    .where(eq(accounts.id, id));
  return { accountId: id, username };
}

export async function buildSite(ctx: AppContext, opts: Partial<typeof sites.$inferInsert> = {}) {
  const name = uniqueName('s');
  const [site] = await ctx.db
    .insert(sites)
    .values({
      sitename: name,
      shortname: name,
      abbr: name.slice(0, 10),
      url: `https://${name}.example`,
      type: 'DATING',
      postbackToken: `tok-${name}`,
      ...opts,
    })
    .returning();
  const [type] = await ctx.db
    .insert(linkTypes)
    .values({
      siteId: site.id,
      typename: 'Main',
      typealias: 'main',
      username: 'u',
      url: `https://${name}.example/join`,
      payout: '100.00',
      earning: '10.00',
    })
    .returning();
  return { site, type };
}

export async function buildOffice(ctx: AppContext, opts: { siteIds?: number[] } = {}) {
  const username = uniqueName('o');
  const accountId = await createAccount(
    ctx.db,
    ctx.keys,
    {
      role: Role.Company,
      username,
      password: PASSWORD,
    },
    await factoryPassword(ctx),
  );
  const [office] = await ctx.db
    .insert(offices)
    .values({
      accountId,
      officeName: `Office ${username}`,
      manFirstName: 'M',
      manLastName: 'N',
      manEmail: `${username}@example.com`,
    })
    .returning();
  if (opts.siteIds?.length)
    await ctx.db.insert(officeSites).values(opts.siteIds.map((siteId) => ({ officeId: office.id, siteId })));
  return { office, accountId, username };
}

export async function buildAgent(
  ctx: AppContext,
  opts: { officeId?: number; approved?: boolean; siteIds?: number[] } = {},
) {
  // An office built here has the sites its agent gets (an agent clicks only sites its office has).
  const officeId = opts.officeId ?? (await buildOffice(ctx, { siteIds: opts.siteIds })).office.id;
  const username = uniqueName('g');
  const accountId = await createAccount(
    ctx.db,
    ctx.keys,
    {
      role: Role.Agent,
      username,
      password: PASSWORD,
      email: `${username}@example.com`,
      approved: opts.approved ?? true,
    },
    await factoryPassword(ctx),
  );
  const [agent] = await ctx.db
    .insert(agents)
    .values({ accountId, officeId, firstName: 'Ag', lastName: username, email: `${username}@example.com` })
    .returning();
  if (opts.siteIds?.length)
    await ctx.db.insert(agentSites).values(opts.siteIds.map((siteId) => ({ agentId: agent.id, siteId })));
  return { agent, accountId, username, officeId };
}

let ipCounter = 0;
/** A distinct loopback address per call, so the per-IP login limit does not throttle the suite. */
export const nextIp = () => {
  ipCounter += 1;
  return `127.1.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Logs in through the real endpoint and returns the session token. */
export async function login(app: App, username: string, password = PASSWORD): Promise<string> {
  const { status, body } = await call<{ token: string }>(app, 'POST', 'auth/login', {
    body: { username, password },
    ip: nextIp(),
  });
  if (status !== 200) throw new Error(`login ${username} failed: ${status} ${JSON.stringify(body)}`);
  return body.token;
}

/** A site with its link type, an office and an agent with the site enabled, loaded into the click cache. */
export async function buildClickPath(ctx: AppContext, siteOpts: Partial<typeof sites.$inferInsert> = {}) {
  const { site, type } = await buildSite(ctx, siteOpts);
  const { office, username: officeUsername } = await buildOffice(ctx, { siteIds: [site.id] });
  const agent = await buildAgent(ctx, { officeId: office.id, siteIds: [site.id] });
  await publishChange(ctx, 'tracking');
  return {
    site,
    type,
    office,
    officeUsername,
    agent: agent.agent,
    agentAccountId: agent.accountId,
    agentUsername: agent.username,
  };
}

/**
 * A session token for an account without the login endpoint (no captcha, no limiter); it opens a login
 * log and a session row, complete unless `secondFactor` says how far it has signed in.
 */
export async function tokenFor(
  ctx: AppContext,
  accountId: number,
  opts: { secondFactor?: TSecondFactor; impersonatedBy?: number } = {},
): Promise<string> {
  const [a] = await ctx.db.select({ role: accounts.role }).from(accounts).where(eq(accounts.id, accountId));
  const [g] = await ctx.db.select().from(agents).where(eq(agents.accountId, accountId));
  const [o] = await ctx.db.select().from(offices).where(eq(offices.accountId, accountId));
  const s = await insertSession(ctx.db, {
    accountId,
    ip: '127.0.0.1',
    userAgent: 'factory',
    impersonatedBy: opts.impersonatedBy ?? null,
    secondFactor: opts.secondFactor ?? 'complete',
    ttlSeconds: ctx.config.jwtTtlSeconds,
  });
  return signSession(ctx, {
    accountId,
    role: a.role,
    agentId: g?.id ?? null,
    companyId: g?.officeId ?? o?.id ?? null,
    ...s,
  });
}
