// Demo data for a first start on an empty database: fixed logins the README and tests can name.
import { sql } from 'drizzle-orm';
import { Role } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { encryptSecret, hashPassword } from '../common/crypto';
import { queryOne, type Queryable } from './client';
import * as t from './schema';

export const DEMO_PASSWORD = 'demo1234';
const AGENT_COUNT = 30;
const UNAPPROVED = new Set([28, 29, 30]);
export const DEMO_LOGINS = {
  password: DEMO_PASSWORD,
  usernames: ['super', 'admin', 'office1', 'office2', 'office3', 'agent01 .. agent27'],
};

const SITES = [
  {
    sitename: 'CamStars',
    shortname: 'camstars',
    abbr: 'CS',
    type: 'WEBCAMS',
    avp: true,
    useApproveSale: false,
  },
  {
    sitename: 'DateMatch',
    shortname: 'datematch',
    abbr: 'DM',
    type: 'DATING',
    avp: false,
    useApproveSale: true,
  },
  {
    sitename: 'LuckySpin Casino',
    shortname: 'luckyspin',
    abbr: 'LS',
    type: 'CASINO',
    avp: false,
    useApproveSale: false,
  },
  {
    sitename: 'AdultHub',
    shortname: 'adulthub',
    abbr: 'AH',
    type: 'ADULT',
    avp: true,
    useApproveSale: false,
  },
  {
    sitename: 'FlirtZone',
    shortname: 'flirtzone',
    abbr: 'FZ',
    type: 'DATING',
    avp: false,
    useApproveSale: false,
  },
] as const;

const OFFICES = [
  { officeName: 'Manila Central', manFirstName: 'Maria', manLastName: 'Santos' },
  { officeName: 'Cebu Sales', manFirstName: 'Jose', manLastName: 'Reyes' },
  { officeName: 'Davao Team', manFirstName: 'Ana', manLastName: 'Cruz' },
];
const FIRST = ['Juan', 'Pedro', 'Rosa', 'Carlo', 'Liza', 'Mark', 'Joy', 'Paolo', 'Grace', 'Ramon'];
const LAST = [
  'Dela Cruz',
  'Garcia',
  'Mendoza',
  'Torres',
  'Flores',
  'Ramos',
  'Bautista',
  'Aquino',
  'Navarro',
  'Lopez',
];

export async function isEmpty(db: Queryable): Promise<boolean> {
  const row = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from accounts`);
  return (row?.n ?? 0) === 0;
}

export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  if (!(await isEmpty(ctx.db))) return false;
  await seedDemo(ctx);
  return true;
}

/** Empties every table (used by `npm run seed -- --reset`). */
export async function resetDatabase(db: Queryable) {
  const tables = Object.values(t)
    .filter(
      (v): v is typeof t.accounts => typeof v === 'object' && v !== null && Symbol.for('drizzle:Name') in v,
    )
    .map((tbl) => (tbl as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')]);
  await db.execute(sql.raw(`truncate ${tables.map((n) => `"${n}"`).join(', ')} restart identity cascade`));
  await db.execute(sql`alter sequence click_id_seq restart with 1`);
}

export async function seedDemo(ctx: AppContext) {
  // One hash for every demo account: they share the published demo password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const secret = () => encryptSecret(ctx.keys, DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    const account = async (
      role: number,
      username: string,
      extra: Partial<typeof t.accounts.$inferInsert> = {},
    ) => {
      const [row] = await tx
        .insert(t.accounts)
        .values({ role, username, passwordHash, passwordSecret: secret(), ...extra })
        .returning({ id: t.accounts.id });
      return row.id;
    };
    await account(Role.Superadmin, 'super', {
      email: 'super@example.com',
      canDelete: true,
      earningVisible: true,
      approveAgents: true,
    });
    await account(Role.Admin, 'admin', {
      email: 'admin@example.com',
      approveAgents: true,
      earningVisible: true,
      showSuspend: true,
    });

    const domains = await tx
      .insert(t.preferredDomains)
      .values([
        { domain: 'https://go.emarket-demo.com', description: 'Main tracking domain' },
        { domain: 'https://track.emarket-demo.net', description: 'Backup domain' },
        { domain: 'https://old.emarket-demo.org', description: 'Retired', hidden: true },
      ])
      .returning({ id: t.preferredDomains.id });

    const siteIds: number[] = [];
    for (const s of SITES) {
      const [site] = await tx
        .insert(t.sites)
        .values({
          ...s,
          url: `https://www.${s.shortname}.example`,
          clickParam: 'clickid',
          contactName: 'Partner desk',
          email: `partners@${s.shortname}.example`,
          postbackToken: 'pending',
        })
        .returning({ id: t.sites.id });
      // The demo postback token is predictable on purpose (issue 3): demo-{siteId}.
      await tx.execute(sql`update sites set postback_token = ${`demo-${site.id}`} where id = ${site.id}`);
      siteIds.push(site.id);
      await tx.insert(t.linkTypes).values([
        {
          siteId: site.id,
          typename: 'Main page',
          typealias: 'main',
          bbrCh: 1,
          username: 'emarket',
          url: `https://www.${s.shortname}.example/join?src=emk`,
          payout: '150.00',
          earning: '25.00',
          lpp: 1,
          bonus: true,
          bonusPayout: '75.00',
          bonusEarning: '12.50',
          bonusLpp: 1,
        },
        {
          siteId: site.id,
          typename: 'Landing promo',
          typealias: 'promo',
          bbrCh: 2,
          username: 'emarket',
          url: `https://promo.${s.shortname}.example/?ref=emk`,
          payout: '200.00',
          earning: '30.00',
          lpp: 2,
        },
      ]);
    }

    const officeIds: number[] = [];
    for (const [i, o] of OFFICES.entries()) {
      const accountId = await account(Role.Company, `office${i + 1}`, {
        email: `office${i + 1}@example.com`,
      });
      const [office] = await tx
        .insert(t.offices)
        .values({
          ...o,
          accountId,
          manEmail: `office${i + 1}@example.com`,
          agentNotes: `<p>Welcome to <b>${o.officeName}</b>. Report every sale the same day.</p>`,
          preferredDomainId: domains[i % 2].id,
        })
        .returning({ id: t.offices.id });
      officeIds.push(office.id);
      await tx.insert(t.officeSites).values(siteIds.map((siteId) => ({ officeId: office.id, siteId })));
    }

    for (let n = 1; n <= AGENT_COUNT; n++) {
      const username = `agent${String(n).padStart(2, '0')}`;
      const officeId = officeIds[Math.floor((n - 1) / 10)];
      const accountId = await account(Role.Agent, username, {
        email: `${username}@example.com`,
        approved: !UNAPPROVED.has(n),
      });
      const [agent] = await tx
        .insert(t.agents)
        .values({
          accountId,
          officeId,
          firstName: FIRST[(n - 1) % FIRST.length],
          lastName: LAST[(n * 3) % LAST.length],
          email: `${username}@example.com`,
          showFraudNotes: n === 27,
          active: n !== 26,
        })
        .returning({ id: t.agents.id });
      if (n === 26) await tx.execute(sql`update accounts set active = false where id = ${accountId}`);
      await tx
        .insert(t.agentSites)
        .values(siteIds.map((siteId) => ({ agentId: agent.id, siteId, enable: true })));
    }

    await tx.insert(t.migrationAgents).values(
      ['mig01', 'mig02', 'mig03', 'mig04'].map((username, i) => ({
        username,
        password: encryptSecret(ctx.keys, DEMO_PASSWORD),
        firstName: FIRST[i + 3],
        lastName: LAST[i + 5],
        email: `${username}@example.com`,
        officeName: OFFICES[i % OFFICES.length].officeName,
      })),
    );

    await tx.insert(t.avpPeriods).values([
      { index: 0, from: 0, to: 9, payoutPhp: '0', payoutDollars: '0' },
      { index: 1, from: 10, to: 19, payoutPhp: '50.00', payoutDollars: '1.00' },
      { index: 2, from: 20, to: 49, payoutPhp: '75.00', payoutDollars: '1.50' },
      { index: 3, from: 50, to: 1000, payoutPhp: '100.00', payoutDollars: '2.00' },
    ]);
    await tx.insert(t.news).values({
      html: '<h3>Welcome to the new back office</h3><p>Weekly top agents get a <b>bonus</b> this month.</p>',
    });
    await tx
      .insert(t.alerts)
      .values({ enable: true, html: '<p>Payroll for the last half-month is out.</p>' });
    await tx.insert(t.blackListIps).values([{ ip: '203.0.113.66' }, { ip: '198.51.100.23' }]);
    await tx.insert(t.options).values({ name: 'auto_block_account', value: '0' });
  });
}
