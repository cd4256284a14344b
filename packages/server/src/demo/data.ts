// Demo data for a first start on an empty database: fixed logins the README and tests can name.
import { sql } from 'drizzle-orm';
import { Role } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { encryptSecret, hashPassword } from '../common/crypto';
import { queryOne, type Queryable, type Tx } from '../db/client';
import { generateDemoHistory } from './history';
import { seedDemoPostbackLogs } from './postback-logs';
import { DEMO_BLACK_LISTED_IPS } from './history-plan';
import type { HistorySummary } from './history-summary';
import * as t from '../db/schema';
import { OPTION_AUTO_BLOCK, OPTION_LPP_VISIBLE } from '../common/options';
import { seedDemoLoginLogs } from './login-logs';
import { seedDemoChatLogs } from './chat-logs';
import { seedDemoAuditLogs } from './audit-logs';
import { seedDemoPayPeriods } from './pay-periods';
import { seedDemoPayoutDetails } from './payout-details';
import { agentRegTime } from './registrations';

export const DEMO_PASSWORD = 'demo1234';
const AGENT_COUNT = 30;
const UNAPPROVED = new Set([28, 29, 30]);
const SUSPENDED = 26;
// Suspended for fraud once the history is made (it sold until then).
const FRAUD_SUSPENDED = 'agent27';
export const DEMO_LOGINS = {
  password: DEMO_PASSWORD,
  usernames: ['super', 'admin', 'admin2', 'office1', 'office2', 'office3', 'agent01 .. agent27'],
};

const site = (
  sitename: string,
  abbr: string,
  type: string,
  flags: { avp?: boolean; approveSale?: boolean; holdDays?: number } = {},
) => ({
  sitename,
  shortname: sitename.split(' ')[0].toLowerCase(),
  abbr,
  type,
  avp: flags.avp ?? false,
  useApproveSale: flags.approveSale ?? false,
  holdDays: flags.holdDays ?? 0,
});
// Two AVP sites; DateMatch approves sales (Day#1 approval, Day#2 paid sale); FlirtZone holds its sales
// a week before they are paid.
const SITES = [
  site('CamStars', 'CS', 'WEBCAMS', { avp: true }),
  site('DateMatch', 'DM', 'DATING', { approveSale: true }),
  site('LuckySpin Casino', 'LS', 'CASINO'),
  site('AdultHub', 'AH', 'ADULT', { avp: true }),
  site('FlirtZone', 'FZ', 'DATING', { holdDays: 7 }),
];

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

/** Seeds an empty database; null when it had data, else what history was generated (if any). */
export async function seedDemoIfEmpty(
  ctx: AppContext,
  opts: { scale?: number; progress?: boolean } = {},
): Promise<{ history: HistorySummary | null } | null> {
  if (!(await isEmpty(ctx.db))) return null;
  return { history: await seedDemo(ctx, opts) };
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

type Account = (
  role: number,
  username: string,
  extra?: Partial<typeof t.accounts.$inferInsert>,
) => Promise<number>;

/** The base data, then the click and sale history (`scale` 0: none); answers what history it made. */
export async function seedDemo(
  ctx: AppContext,
  opts: { scale?: number; progress?: boolean } = {},
): Promise<HistorySummary | null> {
  // One hash for every demo account: they share the published demo password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    const account: Account = async (role, username, extra = {}) => {
      const passwordSecret = encryptSecret(ctx.keys, DEMO_PASSWORD);
      const [row] = await tx
        .insert(t.accounts)
        .values({ role, username, passwordHash, passwordSecret, ...extra })
        .returning({ id: t.accounts.id });
      return row.id;
    };
    await seedAdmins(account);
    const sites = await seedSites(tx);
    const officeIds = await seedOffices(
      tx,
      account,
      sites.map((s) => s.id),
    );
    await seedAgents(
      tx,
      account,
      officeIds,
      sites.map((s) => s.id),
    );
    await seedCustomRates(tx, officeIds, sites);
    await seedSettings(tx, ctx);
    await seedManuals(tx, sites);
    await seedSecondAdmin(account);
    await seedDemoLoginLogs(tx);
    await seedDemoChatLogs(tx);
  });
  const history = await generateDemoHistory(ctx, opts);
  await seedDemoPostbackLogs(ctx.db);
  if (history) await seedDemoPayPeriods(ctx.db);
  await seedDemoPayoutDetails(ctx);
  await seedDemoAuditLogs(ctx.db);
  await suspendForFraud(ctx.db);
  return history;
}

/**
 * agent27 sold through the history, then was suspended for fraud as the review queue leaves an agent:
 * its row suspended with the notice, its account active, so it signs in to read the notice.
 */
async function suspendForFraud(db: Queryable) {
  await db.execute(
    sql`update agents set active = false, show_fraud_notes = true
        where account_id = (select id from accounts where username = ${FRAUD_SUSPENDED})`,
  );
}

async function seedAdmins(account: Account) {
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
}

/** An admin without the approve-agents permission or earnings, made last so earlier ids stay put. */
async function seedSecondAdmin(account: Account) {
  await account(Role.Admin, 'admin2', { email: 'admin2@example.com', approveAgents: false });
}

interface SeededSite {
  id: number;
  /** Link type ids: main page, landing promo. */
  typeIds: [number, number];
}

async function seedSites(tx: Tx): Promise<SeededSite[]> {
  const seeded: SeededSite[] = [];
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
    const types = await tx
      .insert(t.linkTypes)
      .values(linkTypesOf(site.id, s))
      .returning({ id: t.linkTypes.id });
    seeded.push({ id: site.id, typeIds: [types[0].id, types[1].id] });
  }
  return seeded;
}

function linkTypesOf(siteId: number, s: (typeof SITES)[number]): (typeof t.linkTypes.$inferInsert)[] {
  return [
    {
      siteId,
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
      siteId,
      typename: 'Landing promo',
      typealias: 'promo',
      bbrCh: 2,
      username: 'emarket',
      url: `https://promo.${s.shortname}.example/?ref=emk`,
      payout: '200.00',
      earning: '30.00',
      lpp: 2,
      // On an approve-sale site every sale is paid on Day#2 (the bonus event).
      ...(s.useApproveSale ? { bonus: true, bonusPayout: '100.00', bonusEarning: '15.00', bonusLpp: 1 } : {}),
    },
  ];
}

async function seedOffices(tx: Tx, account: Account, siteIds: number[]): Promise<number[]> {
  const domains = await tx
    .insert(t.preferredDomains)
    .values([
      // Placeholders under .test (never resolves): links use PUBLIC_URL until a real domain is set.
      { domain: 'https://go.emarket-demo.test', description: 'Main tracking domain' },
      { domain: 'https://track.emarket-demo.test', description: 'Backup domain' },
      { domain: 'https://old.emarket-demo.test', description: 'Retired', hidden: true },
    ])
    .returning({ id: t.preferredDomains.id });
  const officeIds: number[] = [];
  for (const [i, o] of OFFICES.entries()) {
    const accountId = await account(Role.Company, `office${i + 1}`, { email: `office${i + 1}@example.com` });
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
  return officeIds;
}

async function seedAgents(tx: Tx, account: Account, officeIds: number[], siteIds: number[]) {
  const now = Date.now();
  for (let n = 1; n <= AGENT_COUNT; n++) {
    const username = `agent${String(n).padStart(2, '0')}`;
    const regTime = agentRegTime(n, UNAPPROVED.has(n), now);
    const accountId = await account(Role.Agent, username, {
      regTime,
      email: `${username}@example.com`,
      approved: !UNAPPROVED.has(n),
      active: n !== SUSPENDED,
    });
    const [agent] = await tx
      .insert(t.agents)
      .values({
        accountId,
        officeId: officeIds[Math.floor((n - 1) / 10)],
        firstName: FIRST[(n - 1) % FIRST.length],
        lastName: LAST[(n * 3) % LAST.length],
        email: `${username}@example.com`,
        active: n !== SUSPENDED,
        regTime,
      })
      .returning({ id: t.agents.id });
    await tx
      .insert(t.agentSites)
      .values(siteIds.map((siteId) => ({ agentId: agent.id, siteId, enable: true })));
  }
}

/**
 * A few enabled custom office rates, so amounts differ by office, and one disabled (ignored).
 * Manila Central keeps the defaults on CamStars, which the durability tests rely on.
 */
async function seedCustomRates(tx: Tx, officeIds: number[], sites: SeededSite[]) {
  const [manila, cebu, davao] = officeIds;
  const [camStars, dateMatch, luckySpin, adultHub] = sites;
  const rate = (payout: string, earning: string, lpp: number) => ({ payout, earning, lpp });
  const bonus = (bonusPayout: string, bonusEarning: string) => ({ bonusPayout, bonusEarning, bonusLpp: 1 });
  await tx.insert(t.officeFees).values([
    {
      officeId: cebu,
      typeId: camStars.typeIds[0],
      enable: true,
      ...rate('180.00', '28.00', 2),
      ...bonus('90.00', '14.00'),
    },
    {
      officeId: davao,
      typeId: dateMatch.typeIds[0],
      enable: true,
      ...rate('165.00', '27.00', 1),
      ...bonus('85.00', '13.00'),
    },
    { officeId: manila, typeId: luckySpin.typeIds[1], enable: true, ...rate('230.00', '34.50', 2) },
    { officeId: manila, typeId: adultHub.typeIds[0], enable: false, ...rate('300.00', '50.00', 3) },
  ]);
}

/** How-to-sell manuals for two of the sites; the other sites are left for the create form to offer. */
async function seedManuals(tx: Tx, sites: SeededSite[]) {
  const [camStars, dateMatch] = sites;
  await tx.insert(t.siteManuals).values([
    {
      siteId: camStars.id,
      title: 'CamStars: first steps',
      html:
        '<h3>Selling CamStars</h3><p>Send the <b>Main page</b> link to new members; the landing promo ' +
        'works best for returning visitors.</p><ul><li>Mention the free first show.</li>' +
        '<li>Never promise private shows.</li></ul>',
    },
    {
      siteId: dateMatch.id,
      title: 'DateMatch: approvals',
      html:
        '<h3>Selling DateMatch</h3><p>A sale is approved on day 1 and paid on day 2: ' +
        '<b>check the card</b> before you report it.</p>',
    },
  ]);
}

async function seedSettings(tx: Tx, ctx: AppContext) {
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
  // Index 0 is the spec's '0 sales' period and index 1 the unpaid one below the first paid range ('NO' in the
  // AVP filter); a week with 1-9 sales is shown as '1-9 sales', not '0 sales'.
  await tx.insert(t.avpPeriods).values([
    { index: 0, from: 0, to: 0, payoutPhp: '0', payoutDollars: '0' },
    { index: 1, from: 1, to: 9, payoutPhp: '0', payoutDollars: '0' },
    { index: 2, from: 10, to: 19, payoutPhp: '50.00', payoutDollars: '1.00' },
    { index: 3, from: 20, to: 49, payoutPhp: '75.00', payoutDollars: '1.50' },
    { index: 4, from: 50, to: 1000, payoutPhp: '100.00', payoutDollars: '2.00' },
  ]);
  await tx.insert(t.news).values({
    html: '<h3>Welcome to the new back office</h3><p>Weekly top agents get a <b>bonus</b> this month.</p>',
  });
  await tx.insert(t.alerts).values({ enable: true, html: '<p>Payroll for the last half-month is out.</p>' });
  await tx.insert(t.blackListIps).values(DEMO_BLACK_LISTED_IPS.map((ip) => ({ ip })));
  await tx.insert(t.options).values([
    { name: OPTION_AUTO_BLOCK, value: '0' },
    { name: OPTION_LPP_VISIBLE, value: '1' },
  ]);
}
