// The whole Salesdesk data model (DESIGN.md section 3). Column names are snake_case; the event
// tables (clicks, sales, stats_daily) keep exactly the documented names because operators query them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull().default('0');
const total = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull().default('0');
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    role: smallint('role').notNull(),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordSecret: text('password_secret').notNull(),
    email: varchar('email', { length: 128 }),
    active: boolean('active').notNull().default(true),
    loginBlocked: boolean('login_blocked').notNull().default(false),
    approved: boolean('approved').notNull().default(true),
    regTime: ts('reg_time').notNull().defaultNow(),
    lastLoginTime: ts('last_login_time'),
    loginCount: integer('login_count').notNull().default(0),
    alertHtml: text('alert_html'),
    earningVisible: boolean('earning_visible').notNull().default(false),
    approveAgents: boolean('approve_agents').notNull().default(false),
    showSuspend: boolean('show_suspend').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    // Bumped on suspend, block or password change: tokens carrying an older value are refused.
    sessionVersion: integer('session_version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('accounts_username_lower_idx').on(sql`lower(${t.username})`),
    index('accounts_role_idx').on(t.role, t.approved),
  ],
);

export const preferredDomains = pgTable('preferred_domains', {
  id: serial('id').primaryKey(),
  domain: varchar('domain', { length: 255 }).notNull(),
  description: text('description'),
  hidden: boolean('hidden').notNull().default(false),
});

export const offices = pgTable(
  'offices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    officeName: varchar('office_name', { length: 128 }).notNull(),
    manFirstName: varchar('man_first_name', { length: 64 }).notNull(),
    manLastName: varchar('man_last_name', { length: 64 }).notNull(),
    manEmail: varchar('man_email', { length: 128 }),
    agentNotes: text('agent_notes'),
    preferredDomainId: integer('preferred_domain_id').references(() => preferredDomains.id),
    active: boolean('active').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    regTime: ts('reg_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('offices_account_idx').on(t.accountId), index('offices_name_idx').on(t.officeName)],
);

export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    firstName: varchar('first_name', { length: 64 }).notNull(),
    lastName: varchar('last_name', { length: 64 }).notNull(),
    email: varchar('email', { length: 128 }),
    mustRead: text('must_read'),
    active: boolean('active').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    showFraudNotes: boolean('show_fraud_notes').notNull().default(false),
    regTime: ts('reg_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agents_account_idx').on(t.accountId), index('agents_office_idx').on(t.officeId)],
);

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  sitename: varchar('sitename', { length: 128 }).notNull(),
  shortname: varchar('shortname', { length: 16 }).notNull(),
  abbr: varchar('abbr', { length: 10 }).notNull(),
  url: varchar('url', { length: 128 }).notNull(),
  clickParam: varchar('click_param', { length: 16 }).notNull().default('clickid'),
  contactName: varchar('contact_name', { length: 64 }),
  email: varchar('email', { length: 64 }),
  phoneNum: varchar('phone_num', { length: 64 }),
  type: varchar('type', { length: 16 }).notNull(),
  note: text('note'),
  status: boolean('status').notNull().default(true),
  hidden: boolean('hidden').notNull().default(false),
  specialReport: boolean('special_report').notNull().default(false),
  useApproveSale: boolean('use_approve_sale').notNull().default(false),
  avp: boolean('avp').notNull().default(false),
  // Its sales arrive held and the hold job approves them after this many days (0: approved at once).
  holdDays: integer('hold_days').notNull().default(0),
  // Per-site postback secret (DESIGN.md rule 3).
  postbackToken: varchar('postback_token', { length: 64 }).notNull(),
  // Deleting keeps history: a deleted site leaves every list, selector and link; its clicks and sales stay.
  deletedAt: ts('deleted_at'),
});

export const linkTypes = pgTable(
  'link_types',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    typename: varchar('typename', { length: 64 }).notNull(),
    typealias: varchar('typealias', { length: 64 }).notNull(),
    bbrCh: integer('bbr_ch'),
    username: varchar('username', { length: 64 }).notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    payout: money('payout'),
    earning: money('earning'),
    lpp: integer('lpp').notNull().default(1),
    bonus: boolean('bonus').notNull().default(false),
    bonusPayout: money('bonus_payout'),
    bonusEarning: money('bonus_earning'),
    bonusLpp: integer('bonus_lpp').notNull().default(1),
    status: boolean('status').notNull().default(true),
    // Deleting keeps history, as for sites.
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('link_types_site_idx').on(t.siteId)],
);

export const officeSites = pgTable(
  'office_sites',
  {
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.siteId] }), index('office_sites_site_idx').on(t.siteId)],
);

export const agentSites = pgTable(
  'agent_sites',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    enable: boolean('enable').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.siteId] }), index('agent_sites_site_idx').on(t.siteId)],
);

// Custom per-office rates; used instead of the link type's defaults when enabled.
export const officeFees = pgTable(
  'office_fees',
  {
    typeId: integer('type_id')
      .notNull()
      .references(() => linkTypes.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    enable: boolean('enable').notNull().default(false),
    payout: money('payout'),
    earning: money('earning'),
    lpp: integer('lpp').notNull().default(1),
    bonusPayout: money('bonus_payout'),
    bonusEarning: money('bonus_earning'),
    bonusLpp: integer('bonus_lpp').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.officeId] })],
);

export const siteManuals = pgTable('site_manuals', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' })
    .unique(),
  title: varchar('title', { length: 128 }).notNull(),
  html: text('html').notNull(),
});

// AVP schedule: a weekly sales count in from..to pays every sale of that week at these rates.
export const avpPeriods = pgTable('avp_periods', {
  index: integer('index').primaryKey(),
  from: integer('from').notNull(),
  to: integer('to').notNull(),
  payoutPhp: money('payout_php'),
  payoutDollars: money('payout_dollars'),
});

export const news = pgTable('news', {
  id: serial('id').primaryKey(),
  html: text('html').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: integer('created_by').references(() => accounts.id),
});

// The common login alert; the newest row is the current one.
export const alerts = pgTable('alerts', {
  id: serial('id').primaryKey(),
  enable: boolean('enable').notNull().default(false),
  html: text('html').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const blackListIps = pgTable('black_list_ips', {
  id: serial('id').primaryKey(),
  ip: varchar('ip', { length: 64 }).notNull().unique(),
});

export const options = pgTable('options', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});

// Address range lists the superadmin replaces whole (issue 35): 'datacenter', the cloud providers' ranges
// of the DATACENTER reason, uploaded on System Options or by `npm run update-ip-ranges`. Without a row
// the copy shipped with the release is used (tracking/datacenter-list.ts). Audited; the text itself is
// kept apart (ip_range_list_bodies), so the audit log records what changed, not megabytes of ranges.
export const ipRangeLists = pgTable('ip_range_lists', {
  name: varchar('name', { length: 32 }).primaryKey(),
  /** The date the list itself says it was made (its `# date:` line), else the day it was stored. */
  listDate: date('list_date', { mode: 'string' }).notNull(),
  entries: integer('entries').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Who stored it; null when the command line did. */
  updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
});

export const ipRangeListBodies = pgTable('ip_range_list_bodies', {
  name: varchar('name', { length: 32 })
    .primaryKey()
    .references(() => ipRangeLists.name, { onDelete: 'cascade' }),
  body: text('body').notNull(),
});

export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  mime: varchar('mime', { length: 64 }).notNull(),
  size: integer('size').notNull(),
  accountId: integer('account_id').references(() => accounts.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }).notNull(),
    inTime: ts('in_time').notNull().defaultNow(),
    outTime: ts('out_time'),
  },
  (t) => [
    index('login_logs_account_idx').on(t.accountId, t.inTime),
    index('login_logs_in_idx').on(t.inTime),
    // The self-referral rule: did the agent sign in from the click's address lately?
    index('login_logs_account_ip_idx').on(t.accountId, t.ip),
  ],
);

// Single-use remote-login tokens ("Log in as", forgot-password links); only a hash is stored.
export const remoteLoginTokens = pgTable('remote_login_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

// One row per sign-in; its id is the token's `sid`. Reading it is part of every API request's one
// account read (http/auth.ts), so ending a row ends the session in every process at once.
export const sessions = pgTable(
  'sessions',
  {
    // int4 like every id a JSON body names (2^31 sign-ins is thousands of years of them).
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    loginLogId: bigint('login_log_id', { mode: 'number' }).references(() => loginLogs.id, {
      onDelete: 'set null',
    }),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Written at most once a minute per session, not on every request.
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    // The administrator behind a remote login ("Log in as").
    impersonatedBy: integer('impersonated_by').references(() => accounts.id, { onDelete: 'set null' }),
    // complete, code (the authenticator's code is owed) or enrol (the role requires two-factor first).
    secondFactor: varchar('second_factor', { length: 8 }).notNull().default('complete'),
    // The account's session_version the session lives under: a suspension or block ends it too.
    sessionVersion: integer('session_version').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('sessions_account_idx').on(t.accountId, t.createdAt),
    check('sessions_second_factor_check', sql`${t.secondFactor} in ('complete', 'code', 'enrol')`),
  ],
);

// An account's authenticator (TOTP): the secret encrypted with the server key, once confirmed; while
// enrolling, the offered secret waits in pending_secret. last_step is the time step of the last code
// accepted: a code is taken only for a later step, so none is taken twice.
export const twoFactor = pgTable('two_factor', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: ts('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
});

// Single-use recovery codes; only a hash is stored.
// API keys (issue 33): a key acts as its owner's account within its scopes. Only the key's SHA-256 is
// kept (`key_hash`, a secret column: the audit log records only that it was set) and its first 8
// characters to show. A live key's name is unique per account, so the same create sent twice at once
// makes one key.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    prefix: varchar('prefix', { length: 8 }).notNull(),
    scopes: text('scopes').array().notNull(),
    allowedIps: text('allowed_ips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rateLimit: integer('rate_limit').notNull().default(600),
    expiresAt: ts('expires_at'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Written at most once a minute per key, not on every request.
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
    revokedAt: ts('revoked_at'),
    // When the audit log was told the key expired: set once, by the request that found it so.
    expiryLoggedAt: ts('expiry_logged_at'),
  },
  (t) => [
    uniqueIndex('api_keys_hash_idx').on(t.keyHash),
    uniqueIndex('api_keys_live_name_idx')
      .on(t.accountId, t.name)
      .where(sql`${t.revokedAt} is null`),
    index('api_keys_account_idx').on(t.accountId, t.createdAt),
    check('api_keys_rate_limit_check', sql`${t.rateLimit} between 1 and 6000`),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_account_hash_idx').on(t.accountId, t.codeHash)],
);

export const chatLogs = pgTable(
  'chat_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    officeId: integer('office_id').notNull(),
    siteId: integer('site_id').notNull(),
    clientUsername: varchar('client_username', { length: 128 }).notNull(),
    conversation: text('conversation').notNull(),
    submitTime: ts('submit_time').notNull().defaultNow(),
  },
  (t) => [index('chat_logs_time_idx').on(t.submitTime), index('chat_logs_agent_idx').on(t.agentId)],
);

// Click ids are handed out in blocks from this sequence so batch writers in many processes never collide.
export const clickIdSeq = pgSequence('click_id_seq', { startWith: 1, increment: 1 });

// Partitioned by Eastern month of click_time (migration 0012, db/partitions.ts): old months are dropped
// whole by the retention option. The key must hold the partition column; ids come from click_id_seq, so
// an id is still stored once (a retried batch repeats its clicks' times, and conflicts on the pair).
export const clicks = pgTable(
  'clicks',
  {
    id: bigint('id', { mode: 'number' }).notNull(),
    clickTime: ts('click_time').notNull(),
    siteId: integer('site_id').notNull(),
    typeId: integer('type_id').notNull(),
    agentId: integer('agent_id').notNull(),
    officeId: integer('office_id').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    isUnique: boolean('is_unique').notNull(),
    referer: text('referer'),
    userAgent: text('user_agent'),
    /** Why the click was not a person: its reason's code (contract INVALID_REASONS), 0 for a valid click. */
    invalidReason: smallint('invalid_reason').notNull().default(0),
  },
  // The click log's filters, each ending in (click_time, id): its order, so a page of any depth is
  // read from the index alone.
  (t) => [
    primaryKey({ name: 'clicks_pkey', columns: [t.id, t.clickTime] }),
    index('clicks_time_idx').on(t.clickTime, t.id),
    index('clicks_agent_time_idx').on(t.agentId, t.clickTime, t.id),
    index('clicks_office_time_idx').on(t.officeId, t.clickTime, t.id),
    index('clicks_site_time_idx').on(t.siteId, t.clickTime, t.id),
    // The click log filtered by reason: invalid clicks are few, so the index is small and cheap to keep.
    index('clicks_invalid_time_idx')
      .on(t.clickTime, t.id)
      .where(sql`invalid_reason <> 0`),
  ],
);

// Every money event (DESIGN.md section 9): sales and bonuses with their status, reversals (a new row
// with the negated money of the sale it reverses, dated when it arrived) and adjustments (site 0 and
// type 0: not a site's). Recorded money is never edited; only a sale's status and reversal mark change.
export const sales = pgTable(
  'sales',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    date: ts('date').notNull(),
    eventType: smallint('event_type').notNull(),
    siteId: integer('site_id').notNull(),
    typeId: integer('type_id').notNull(),
    agentId: integer('agent_id').notNull(),
    officeId: integer('office_id').notNull(),
    clickId: bigint('click_id', { mode: 'number' }),
    customerEmail: varchar('customer_email', { length: 128 }),
    payout: money('payout'),
    earning: money('earning'),
    lpp: integer('lpp').notNull().default(0),
    txId: varchar('tx_id', { length: 128 }).notNull(),
    referer: text('referer'),
    // SaleStatus: approved 0 (paid), held 1 (pending), rejected 2 (never paid). Other events: 0.
    status: smallint('status').notNull().default(0),
    // Held for the site's hold time: the hold job approves the sale at this instant.
    holdUntil: ts('hold_until'),
    // On a sale or bonus: the event type (3 refund, 4 chargeback) that reversed it, at most one.
    reversalKind: smallint('reversal_kind'),
    // On a reversal row: the sale it reverses.
    reversesId: bigint('reverses_id', { mode: 'number' }),
    // A rejection's or reversal's reason, an adjustment's note; never shown to agents and offices.
    note: text('note'),
    // An adjustment's note to its agent, shown on the agent's statement (issue 32); null: none.
    agentNote: text('agent_note'),
    // The account that wrote the row or changed its status last (null: a site's postback or a job).
    changedBy: integer('changed_by'),
    changedAt: ts('changed_at'),
    // The pay period (its first day) the row is paid in. Always set by the database (trigger
    // sales_pay_period, function pay_period_of): the open period holding the row's time, else the first
    // open one after; again when a held sale's status changes. The default is never kept.
    payPeriod: date('pay_period', { mode: 'string' })
      .notNull()
      .default(sql`'epoch'::date`),
    // FraudRule bits: the rules the sale tripped when it arrived (flag or hold); 0 for clean rows.
    fraudFlags: smallint('fraud_flags').notNull().default(0),
    // The client address of the site's postback that wrote this sale, bonus or reversal: the row is that
    // postback's ACCEPTED entry in the postback log. Null for rows no postback wrote.
    postbackIp: varchar('postback_ip', { length: 64 }),
  },
  (t) => [
    // A sale or bonus once per (site, txId); reversal rows repeat the txId of the sale they reverse.
    uniqueIndex('sales_site_tx_idx')
      .on(t.siteId, t.txId)
      .where(sql`event_type in (0, 1)`),
    uniqueIndex('sales_reverses_idx')
      .on(t.reversesId)
      .where(sql`reverses_id is not null`),
    index('sales_held_idx')
      .on(t.holdUntil)
      .where(sql`status = 1`),
    // The rows the sale log cannot count from stats_daily as they are (held, rejected, reversed sales and
    // the reversals): their count and their pages by status read this small index instead of the period.
    index('sales_lifecycle_idx')
      .on(t.date, t.id)
      .where(sql`status <> 0 or reversal_kind is not null or event_type in (3, 4)`),
    // The sale log's filters, each ending in its order (date, id), as for clicks.
    index('sales_date_idx').on(t.date, t.id),
    index('sales_agent_date_idx').on(t.agentId, t.date, t.id),
    index('sales_office_date_idx').on(t.officeId, t.date, t.id),
    index('sales_site_date_idx').on(t.siteId, t.date, t.id),
    index('sales_click_idx').on(t.clickId),
    index('sales_email_idx').on(t.customerEmail),
    // A period's rows: its live totals while open, its snapshot when it closes.
    index('sales_pay_period_idx').on(t.payPeriod, t.agentId),
    // The rows no postback wrote (adjustments, an admin's reversals, imported history): few, so the
    // postback log counts its accepted entries as every row of the period less these, from indexes alone.
    index('sales_no_postback_idx')
      .on(t.date, t.siteId)
      .where(sql`postback_ip is null`),
    // The review queue: held and flagged sales, newest first.
    index('sales_review_idx')
      .on(t.date, t.id)
      .where(sql`status = 1 or fraud_flags <> 0`),
  ],
);

// The money figures of a stats_daily row and of a closed period's pay line: listed here once; the
// increments (rollups/increments.ts) and the snapshot (pay-periods/snapshot-sql.ts) read them from the tables.
const count = (name: string) => integer(name).notNull().default(0);
/** Invalid clicks by reason, in the contract's INVALID_REASONS order; raws counts them too, uniques never. */
const invalidFigures = () => ({
  invalidBlacklistedIp: count('invalid_blacklisted_ip'),
  invalidInternal: count('invalid_internal'),
  invalidPreview: count('invalid_preview'),
  invalidBot: count('invalid_bot'),
  invalidHead: count('invalid_head'),
  invalidDatacenter: count('invalid_datacenter'),
  invalidRepeat: count('invalid_repeat'),
});
/** The paid figures: approved sales and bonuses, with the reversals and adjustments. */
const paidFigures = () => ({
  sales: count('sales'),
  bonusSales: count('bonus_sales'),
  earn: total('earn'),
  bonusEarn: total('bonus_earn'),
  payout: total('payout'),
  bonusPayout: total('bonus_payout'),
  lpp: count('lpp'),
  bonusLpp: count('bonus_lpp'),
  // earn, payout and lpp are net: approved sales plus the reversals and adjustments of the day.
  // These say how much of that was reversals and adjustments.
  reversals: count('reversals'),
  reversalEarn: total('reversal_earn'),
  reversalPayout: total('reversal_payout'),
  adjustments: count('adjustments'),
  adjustEarn: total('adjust_earn'),
  adjustPayout: total('adjust_payout'),
});
/** What is held (not in the net figures, never paid). */
const heldFigures = () => ({
  held: count('held'),
  heldEarn: total('held_earn'),
  heldPayout: total('held_payout'),
});

// One row per Eastern day, site, type, office and agent; kept equal to the raw clicks and sales.
export const statsDaily = pgTable(
  'stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    siteId: integer('site_id').notNull(),
    typeId: integer('type_id').notNull(),
    officeId: integer('office_id').notNull(),
    agentId: integer('agent_id').notNull(),
    raws: integer('raws').notNull().default(0),
    uniques: integer('uniques').notNull().default(0),
    ...invalidFigures(),
    ...paidFigures(),
    ...heldFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.siteId, t.typeId, t.officeId, t.agentId] }),
    index('stats_daily_office_idx').on(t.officeId, t.day),
    index('stats_daily_agent_idx').on(t.agentId, t.day),
    index('stats_daily_site_idx').on(t.siteId, t.day),
  ],
);

// Agents exported from the old server, waiting for "Migrate agents".
export const migrationAgents = pgTable('migration_agents', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 32 }).notNull().unique(),
  password: text('password_secret').notNull(),
  firstName: varchar('first_name', { length: 64 }).notNull(),
  lastName: varchar('last_name', { length: 64 }).notNull(),
  email: varchar('email', { length: 128 }),
  officeName: varchar('office_name', { length: 128 }).notNull(),
  readyToMigrate: boolean('ready_to_migrate').notNull().default(true),
  migratedAgentId: integer('migrated_agent_id').references(() => agents.id, { onDelete: 'set null' }),
  importedAt: ts('imported_at').notNull().defaultNow(),
});

// The postback log's rows other than accepted sales and reversals (those are their rows in sales, with
// postback_ip): repeats, refusals (POSTBACK_RESULTS) and the accepted reversal of a held sale, which has
// no row of its own; never a token. Refused postbacks past a rate per site and address are summed into
// one row (`count`), so a flood cannot grow the table without bound; rows older than the postback log
// option's days are dropped by whole month partitions, then deleted (accepted sales never are).
export const postbackLogs = pgTable(
  'postback_logs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    time: ts('time').notNull().defaultNow(),
    siteId: integer('site_id').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    event: varchar('event', { length: 16 }),
    txId: varchar('tx_id', { length: 128 }),
    clickId: bigint('click_id', { mode: 'number' }),
    result: varchar('result', { length: 24 }).notNull(),
    saleId: bigint('sale_id', { mode: 'number' }),
    count: integer('count').notNull().default(1),
    // What was wrong, of a refusal that says it: a bad input's fields (`clickId: Invalid input`).
    detail: varchar('detail', { length: 256 }),
  },
  (t) => [
    primaryKey({ name: 'postback_logs_pkey', columns: [t.id, t.time] }),
    index('postback_logs_time_idx').on(t.time, t.id),
    index('postback_logs_site_time_idx').on(t.siteId, t.time, t.id),
    // The screen's filters: without these a result's count, a txId or a click id scans the whole log.
    index('postback_logs_result_time_idx').on(t.result, t.time, t.id),
    index('postback_logs_tx_idx').on(t.txId),
    index('postback_logs_click_idx').on(t.clickId),
  ],
);

// Pay periods (DESIGN.md section 9) that were ever closed; a period without a row is open. Periods close
// in order, so the latest closed or paid row's end is the day through which money is settled.
export const payPeriods = pgTable('pay_periods', {
  start: date('start', { mode: 'string' }).primaryKey(),
  end: date('end', { mode: 'string' }).notNull(),
  // PayPeriodStatus: open 0 (reopened), closed 1, paid 2.
  status: smallint('status').notNull(),
  closedBy: integer('closed_by'),
  closedAt: ts('closed_at'),
  paidBy: integer('paid_by'),
  paidAt: ts('paid_at'),
  reopenedBy: integer('reopened_by'),
  reopenedAt: ts('reopened_at'),
  reopenReason: text('reopen_reason'),
  // The snapshot's totals: agents with a statement, payout in pesos, AVP pay in pesos and dollars.
  agentsPaid: integer('agents_paid').notNull().default(0),
  payout: total('payout'),
  avpPayout: total('avp_payout'),
  avpPayoutDollars: total('avp_payout_dollars'),
  // The minimum payout when it closed (issue 36): a positive balance below it was carried, not paid.
  minimumPayout: total('minimum_payout'),
});

// A closed period's payroll, frozen: its money rows summed like stats_daily (by Eastern day, site,
// type, office and agent). Payroll for a range that is exactly a closed period reads these.
export const payLines = pgTable(
  'pay_lines',
  {
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    siteId: integer('site_id').notNull(),
    typeId: integer('type_id').notNull(),
    officeId: integer('office_id').notNull(),
    agentId: integer('agent_id').notNull(),
    ...paidFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.periodStart, t.day, t.siteId, t.typeId, t.officeId, t.agentId] }),
    index('pay_lines_agent_idx').on(t.agentId, t.periodStart),
  ],
);

// A closed period's AVP pay, frozen: per agent and week, the week's AVP sales paid in the period, the
// week's whole count that chose the AVP period, and the rates it paid at the close.
export const payAvpLines = pgTable(
  'pay_avp_lines',
  {
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    agentId: integer('agent_id').notNull(),
    officeId: integer('office_id').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    sales: integer('sales').notNull(),
    weekSales: integer('week_sales').notNull(),
    periodIndex: integer('period_index'),
    payout: total('payout'),
    payoutDollars: total('payout_dollars'),
  },
  (t) => [
    primaryKey({ columns: [t.periodStart, t.agentId, t.week] }),
    index('pay_avp_lines_agent_idx').on(t.agentId, t.periodStart),
  ],
);

// One agent's statement of one closed period: the period's total and the balance carried. A negative
// balance is carried into the next statement instead of being paid.
export const payStatements = pgTable(
  'pay_statements',
  {
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    agentId: integer('agent_id').notNull(),
    officeId: integer('office_id').notNull(),
    total: total('total'),
    carriedIn: total('carried_in'),
    payable: total('payable'),
    carriedOut: total('carried_out'),
  },
  (t) => [
    primaryKey({ columns: [t.periodStart, t.agentId] }),
    index('pay_statements_agent_idx').on(t.agentId, t.periodStart),
    index('pay_statements_office_idx').on(t.officeId, t.periodStart),
  ],
);

// The audit log: one row per write through the API (in the write's own transaction) and per sign-in
// event. Append-only: a trigger refuses UPDATE and DELETE but for the retention job. No foreign keys to
// the accounts: a row outlives the account it names, so the names are kept as they were.
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: ts('time').notNull().defaultNow(),
    accountId: integer('account_id'),
    username: varchar('username', { length: 64 }),
    role: smallint('role'),
    // The superadmin or admin behind a remote login ("Log in as").
    impersonatedBy: integer('impersonated_by'),
    impersonator: varchar('impersonator', { length: 64 }),
    // The API key a write was made with, by its name and first characters (`reports (sdk_3f9a…)`).
    apiKey: varchar('api_key', { length: 80 }),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }),
    // The route (`POST /api/agents/:id`) of a write or a sign-in event.
    action: varchar('action', { length: 128 }).notNull(),
    // What it is about (contract AUDIT_TARGETS) and its id: a row id, or key values joined by '/'.
    targetType: varchar('target_type', { length: 24 }),
    targetId: varchar('target_id', { length: 64 }),
    // A sign-in event's outcome (signed in, the reason of a failure).
    detail: varchar('detail', { length: 256 }),
  },
  (t) => [
    index('audit_logs_time_idx').on(t.time, t.id),
    index('audit_logs_target_idx').on(t.targetType, t.targetId, t.time),
    index('audit_logs_account_idx').on(t.accountId, t.time),
  ],
);

// The rows a write changed, written by the row triggers of the audited tables (migration
// 0010_audit_log): the changed fields before and after; a secret column's value is never kept.
export const auditChanges = pgTable(
  'audit_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // References audit_logs(id), checked at commit (the trigger writes before the log row exists).
    auditId: bigint('audit_id', { mode: 'number' }).notNull(),
    tableName: varchar('table_name', { length: 64 }).notNull(),
    rowKey: varchar('row_key', { length: 128 }).notNull(),
    op: varchar('op', { length: 8 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_changes_audit_idx').on(t.auditId, t.id)],
);

// The scheduled jobs' ledger: one row per job and due time, inserted by the node that runs it (jobs/
// schedule.ts), so a due time runs once however many nodes reach it. Rows older than 30 days are pruned
// by the job's own next claim.
export const jobRuns = pgTable(
  'job_runs',
  {
    job: varchar('job', { length: 64 }).notNull(),
    dueAt: ts('due_at').notNull(),
    // host:port of the process that ran it.
    node: varchar('node', { length: 128 }).notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    // Null while running, and for a run whose process died or failed after its first batch committed.
    finishedAt: ts('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.job, t.dueAt] })],
);

// Safe retries (issue 33, http/idempotency.ts): the first answer to each Idempotency-Key of a caller, kept
// 24 hours. A caller is its account and, with a key, the key (api_key_id 0: a session), so two keys of one
// account never meet. The insert that claims a key is the lock: a row with no status is still running.
// Rows older than 24 hours are ignored on lookup and deleted by the audit log retention job.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // No foreign key: 0 stands for a session; a revoked key's rows expire with the others.
    apiKeyId: integer('api_key_id').notNull().default(0),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull(),
    // "POST /api/adjustments": a key sent again to another call is refused, not replayed.
    request: text('request').notNull(),
    // SHA-256 (hex) of the body as canonical JSON (keys sorted).
    bodyHash: varchar('body_hash', { length: 64 }).notNull(),
    // Null while the first request runs.
    status: smallint('status'),
    response: text('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.apiKeyId, t.idempotencyKey] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

// Webhooks and outbound postbacks (issue 34). An endpoint receives the events it subscribes to: an
// admin's from every office (office_id null), an office's from its own agents only.
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The owner's office when the owner is one: only its agents' events reach it. */
    officeId: integer('office_id'),
    /** 1: webhook (signed JSON POST), 2: postback URL (GET of a template with macros). */
    kind: smallint('kind').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    url: text('url').notNull(),
    eventTypes: text('event_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null: every site. */
    siteIds: integer('site_ids').array(),
    /** The signing secret, encrypted like the viewable passwords; a rotated-out one signs beside it until its time. */
    secret: text('secret'),
    previousSecret: text('previous_secret'),
    previousSecretUntil: ts('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: ts('disabled_at'),
    failures: integer('failures').notNull().default(0),
    /** When the failures in a row began: an endpoint is disabled after 20 of them spanning a day. */
    failingSince: ts('failing_since'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('webhook_endpoints_owner_idx').on(t.ownerId),
    uniqueIndex('webhook_endpoints_live_name_idx')
      .on(t.ownerId, t.name)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * The outbox: one row per money event that some endpoint subscribed to, written by the ledger in the
 * statement (or transaction) of the change it describes, so it exists exactly when the change committed.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The event's id as receivers see it (`evt_` and its hex): random, so it tells nothing of volumes. */
    uid: uuid('uid').notNull().defaultRandom(),
    type: varchar('type', { length: 32 }).notNull(),
    version: smallint('version').notNull().default(1),
    officeId: integer('office_id'),
    siteId: integer('site_id'),
    /** The payload's `data`: money as decimal strings, names as the API's schemas. */
    data: jsonb('data').notNull(),
    /**
     * Whether its deliveries (one per endpoint that takes it) are written. The change's statement writes
     * the event alone, and the delivery loop fans it out (ledger/events.ts), so a postback pays one row.
     */
    fannedOut: boolean('fanned_out').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The loop's queue: only the events still to fan out. No other index: every sale with an endpoint
    // writes an event, so each index is paid in the postback (bench/outbox-cost.ts). The retention job
    // reads the oldest by id, which follows time closely enough.
    index('webhook_events_fan_out_idx')
      .on(t.id)
      .where(sql`not ${t.fannedOut}`),
  ],
);

/** One event for one endpoint: what is owed, and how its last attempt went. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign keys: each check would lock the endpoint's row in every postback's transaction, and
    // concurrent postbacks to one endpoint then queue on it (bench/outbox-cost.ts). Endpoints are only
    // ever soft-deleted; the retention job removes deliveries with their events.
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    endpointId: integer('endpoint_id').notNull(),
    /** 0 pending, 1 delivered, 2 failed (no more retries), 3 held while its endpoint is disabled. */
    status: smallint('status').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    lastAt: ts('last_at'),
    lastStatus: smallint('last_status'),
    lastMs: integer('last_ms'),
    lastAnswer: text('last_answer'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The workers' queue: only what is still owed, in due order.
    index('webhook_deliveries_due_idx')
      .on(t.nextAt)
      .where(sql`${t.status} = 0`),
    // No index of all an endpoint's deliveries: what is read by endpoint is its owed or its held ones,
    // which the two partial indexes find, and each index is paid in the postback (bench/outbox-cost.ts).
    index('webhook_deliveries_event_idx').on(t.eventId),
    // An endpoint's held deliveries (its list shows how many), without reading all it was sent.
    index('webhook_deliveries_held_idx')
      .on(t.endpointId)
      .where(sql`${t.status} = 3`),
  ],
);

/** Each attempt of a delivery, as its endpoint's Delivery Log shows it; kept with its delivery. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    endpointId: integer('endpoint_id').notNull(),
    at: ts('at').notNull(),
    /** 1 delivered, 2 will retry, 3 failed (no more tries). */
    outcome: smallint('outcome').notNull(),
    status: smallint('status'),
    ms: integer('ms').notNull(),
    answer: text('answer').notNull().default(''),
    error: text('error'),
    nextAt: ts('next_at'),
  },
  (t) => [
    // The Delivery Log: one endpoint's attempts, newest first.
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.at, t.id),
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
  ],
);

// How an agent is paid (issue 36): one method each. The account number, mobile number or e-mail is kept
// encrypted like the viewable passwords (account_secret: the audit keeps only that it changed); its last 4
// characters are what offices and statements show.
export const payoutDetails = pgTable('payout_details', {
  agentId: integer('agent_id').primaryKey(),
  method: varchar('method', { length: 8 }).notNull(),
  bank: varchar('bank', { length: 64 }),
  accountName: varchar('account_name', { length: 128 }),
  accountSecret: text('account_secret').notNull(),
  accountLast4: varchar('account_last4', { length: 4 }).notNull(),
  changedAt: ts('changed_at').notNull(),
  changedBy: integer('changed_by').notNull(),
});

// A closed period's payout batch: one per period (a batch made twice at once makes one).
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: serial('id').primaryKey(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull(),
    createdBy: integer('created_by').notNull(),
  },
  (t) => [uniqueIndex('payout_batches_period_idx').on(t.periodStart)],
);

// One agent's payment in a batch: its statement's payable plus what its earlier failed, held or detail-less
// lines carried in (those lines then say `carried`, carried_to naming this one). PayoutLineStatus.
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    agentId: integer('agent_id').notNull(),
    officeId: integer('office_id').notNull(),
    amount: total('amount'),
    carriedIn: total('carried_in'),
    method: varchar('method', { length: 8 }),
    last4: varchar('last4', { length: 4 }),
    reference: varchar('reference', { length: 64 }).notNull(),
    status: smallint('status').notNull(),
    paidOn: date('paid_on', { mode: 'string' }),
    bankReference: varchar('bank_reference', { length: 64 }),
    failReason: varchar('fail_reason', { length: 200 }),
    confirmedBy: integer('confirmed_by'),
    carriedTo: integer('carried_to'),
    changedAt: ts('changed_at'),
    changedBy: integer('changed_by'),
  },
  (t) => [
    uniqueIndex('payout_lines_batch_agent_idx').on(t.batchId, t.agentId),
    uniqueIndex('payout_lines_reference_idx').on(t.reference),
    index('payout_lines_agent_idx').on(t.agentId, t.periodStart),
    index('payout_lines_office_idx').on(t.officeId, t.periodStart),
    // The next batch takes over the failed, held and detail-less lines: these few, never the paid ones.
    index('payout_lines_open_idx')
      .on(t.agentId)
      .where(sql`${t.status} in (0, 2, 3) and ${t.carriedTo} is null`),
  ],
);

// Scheduled reports (issue 37): a report with its filters (no dates) mailed to its account at 07:00 Eastern,
// daily, weekly or monthly. last_due_at: the last 07:00 it was sent for, so a due time sends once.
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    criteria: jsonb('criteria').notNull(),
    frequency: varchar('frequency', { length: 8 }).notNull(),
    paused: boolean('paused').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    lastSentAt: ts('last_sent_at'),
    lastDueAt: ts('last_due_at'),
  },
  (t) => [index('report_schedules_account_idx').on(t.accountId, t.id)],
);
