// The demo history, decided up front and deterministically (seeded PRNG), one Eastern day at a time:
// which agent clicks which link when and from which IP, and which clicks turn into sales and bonuses.
import { easternDay, easternDayStart, invalidReasonCode, type TInvalidReason } from '@salesdesk/contract';
import { addDays } from '../rollups/rebuild';

export interface HistoryType {
  id: number;
  bonus: boolean;
}
export interface HistorySite {
  id: number;
  avp: boolean;
  approveSale: boolean;
  types: HistoryType[];
}
export interface HistoryAgent {
  id: number;
  officeId: number;
  siteIds: number[];
}
/** The clickable sites and agents the history is made for. */
export interface HistoryCast {
  sites: HistorySite[];
  agents: HistoryAgent[];
}

export interface PlannedClick {
  siteId: number;
  typeId: number;
  agentId: number;
  officeId: number;
  ip: string;
  time: number;
  referer: string | null;
  userAgent: string | null;
  /** Why it was not a person (contract INVALID_REASONS' code), 0 for a person's click. */
  invalidReason: number;
}
export interface PlannedSale {
  /** Index of its click in the day's clicks. */
  click: number;
  event: 'sale' | 'bonus';
  time: number;
  email: string;
}
export interface DayPlan {
  day: string;
  clicks: PlannedClick[];
  sales: PlannedSale[];
}

export interface PlanOptions {
  days: number;
  scale: number;
  /** The end of the history (ms): today's clicks and sales stop here. */
  now: number;
  seed: number;
}

/** A demo sale's transaction id: one sale and at most one bonus per click, so unique per site. */
export const demoTxId = (event: PlannedSale['event'], clickId: number) =>
  `${event === 'sale' ? 'S' : 'B'}${clickId}`;

/** An address the demo black list holds: its clicks are recorded as not unique. */
export const DEMO_BLACK_LISTED_IPS = ['203.0.113.66', '198.51.100.23'];

const CLICKS_PER_AGENT_DAY = 30;
// Sunday .. Saturday: customers click less at weekends.
const WEEKDAY_FACTOR = [0.55, 1, 1.05, 1.05, 1, 0.9, 0.6];
// Eastern hour of day 0..23: quiet at night, busiest in the US evening.
const HOUR_WEIGHT = [3, 2, 1.5, 1, 1, 1, 1.5, 2, 3, 4, 4.5, 5, 5, 5, 5, 5, 5.5, 6, 7, 8, 8, 7, 6, 4.5];
// The best agents: click weight and conversion skill; everybody else draws 0.5..1.3 and 0.8..1.2.
const TOP_AGENTS = [
  { weight: 9, skill: 2 },
  { weight: 4.5, skill: 1.3 },
  { weight: 3, skill: 1.25 },
  { weight: 2, skill: 1.1 },
  { weight: 1.8, skill: 1.1 },
];
const CONVERSION = 0.045;
const AVP_SITE_WEIGHT = 1.5;
const AVP_CONVERSION = 1.3;
const REPEAT_VISIT = 0.15;
const BLACK_LISTED_CLICK = 0.002;
const BONUS_SHARE = 0.1;
const APPROVED_PAID_SHARE = 0.6;
const HOUR_MS = 3_600_000;
const REFERERS = [
  'https://www.facebook.com/',
  'https://www.instagram.com/',
  'https://t.co/',
  'https://www.reddit.com/',
  null,
  null,
];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
];
/**
 * The machines among an agent's clicks (issue 35): a link pasted in a chat is fetched by its preview robot,
 * crawlers follow public links, link checkers send HEAD, and staff test their own links. About one click
 * in fifteen, each an extra click beside a person's; machines never buy. They draw from a sequence of
 * their own, so the people's clicks and sales are the seed's as before.
 */
const MACHINE_SHARE = 0.065;
const MACHINES: { reason: TInvalidReason; weight: number; agents: string[] }[] = [
  {
    reason: 'PREVIEW',
    weight: 45,
    agents: [
      'WhatsApp/2.24.6.77 A',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'TelegramBot (like TwitterBot)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    ],
  },
  {
    reason: 'BOT',
    weight: 35,
    agents: [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'curl/8.5.0',
      'python-requests/2.31.0',
    ],
  },
  // A link checker's HEAD, and staff testing their own links, on a browser's user agent.
  { reason: 'HEAD', weight: 10, agents: [] },
  { reason: 'INTERNAL', weight: 10, agents: [] },
];
// Running sums, as Rng.weighted() reads them (runningSum() is defined further down).
const MACHINE_WEIGHTS = MACHINES.reduce<number[]>((sums, m) => [...sums, (sums.at(-1) ?? 0) + m.weight], []);

/** A machine's reason and user agent (none: staff, on a person's browser), or null for no machine. */
function machineOf(rng: Rng): { reason: number; userAgent: string | null } | null {
  if (rng.next() >= MACHINE_SHARE) return null;
  const m = MACHINES[rng.weighted(MACHINE_WEIGHTS)];
  return { reason: invalidReasonCode(m.reason), userAgent: m.agents.length ? rng.pick(m.agents) : null };
}

const BLACK_LISTED = invalidReasonCode('BLACKLISTED_IP');
/** How long before the person's click its machine came (a preview is drawn when the link is pasted). */
const MACHINE_LEAD_MS = 20 * 60_000;

const NAMES = ['john', 'mike', 'dave', 'chris', 'steve', 'paul', 'mark', 'james', 'robert', 'kevin'];
const FIRST_OCTETS = [24, 47, 50, 66, 68, 71, 73, 76, 96, 98, 99, 107, 108, 172, 174];

/** mulberry32: small, fast and good enough for demo data; the same seed gives the same history. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  between(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  /** An index drawn with probability proportional to its weight (`cumulative` is the running sum). */
  weighted(cumulative: number[]): number {
    const x = this.next() * cumulative[cumulative.length - 1];
    let i = 0;
    while (cumulative[i] <= x) i++;
    return i;
  }
}

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

const runningSum = (weights: number[]) => {
  let sum = 0;
  return weights.map((w) => (sum += w));
};

interface AgentProfile {
  agent: HistoryAgent;
  skill: number;
  sites: HistorySite[];
  siteWeights: number[];
}

/** Per-agent weights: a seeded few are the top agents, the rest vary around the same level. */
function profileAgents(rng: Rng, cast: HistoryCast) {
  const sites = new Map(cast.sites.map((s) => [s.id, s]));
  const order = shuffle(
    rng,
    cast.agents.map((_, i) => i),
  );
  const profiles: AgentProfile[] = [];
  const weights: number[] = [];
  order.forEach((agentIndex, rank) => {
    const agent = cast.agents[agentIndex];
    const top = TOP_AGENTS[rank];
    const agentSites = agent.siteIds
      .map((id) => sites.get(id))
      .filter((s): s is HistorySite => !!s?.types.length);
    if (!agentSites.length) return;
    profiles.push({
      agent,
      skill: top?.skill ?? rng.between(0.8, 1.2),
      sites: agentSites,
      siteWeights: runningSum(agentSites.map((s) => (s.avp ? AVP_SITE_WEIGHT : 1))),
    });
    weights.push(top?.weight ?? rng.between(0.5, 1.3));
  });
  return { profiles, cumulative: runningSum(weights) };
}

function randomIp(rng: Rng): string {
  return `${rng.pick(FIRST_OCTETS)}.${rng.int(256)}.${rng.int(256)}.${1 + rng.int(254)}`;
}

/** Days (Eastern, 'YYYY-MM-DD') of the history, oldest first, ending today. */
export function historyDays(opts: Pick<PlanOptions, 'days' | 'now'>): string[] {
  const today = easternDay(new Date(opts.now));
  return Array.from({ length: opts.days }, (_, i) => addDays(today, i - opts.days + 1));
}

/** Plans the days one by one (a generator, so a large history never sits in memory whole). */
export function* planHistory(cast: HistoryCast, opts: PlanOptions): Generator<DayPlan> {
  const rng = new Rng(opts.seed);
  const machines = new Rng(opts.seed + 7919);
  const { profiles, cumulative } = profileAgents(rng, cast);
  if (!profiles.length) return;
  const days = historyDays(opts);
  for (const [i, day] of days.entries()) {
    const trend = 0.85 + (0.3 * i) / Math.max(1, days.length - 1);
    const weekday = WEEKDAY_FACTOR[new Date(`${day}T00:00:00Z`).getUTCDay()];
    const volume = CLICKS_PER_AGENT_DAY * profiles.length * opts.scale * weekday * trend;
    const count = Math.round(volume * rng.between(0.85, 1.15));
    yield planDay(rng, machines, day, count, { profiles, cumulative }, opts.now);
  }
}

type Profiles = ReturnType<typeof profileAgents>;

function planDay(
  rng: Rng,
  machines: Rng,
  day: string,
  count: number,
  agents: Profiles,
  now: number,
): DayPlan {
  const start = easternDayStart(day).getTime();
  const length = easternDayStart(addDays(day, 1)).getTime() - start; // 23 to 25 hours
  const hours = runningSum(HOUR_WEIGHT);
  const earlier = new Map<number, Visit[]>();
  const clicks: PlannedClick[] = [];
  for (let n = 0; n < count; n++) {
    const profile = agents.profiles[rng.weighted(agents.cumulative)];
    const visit = nextVisit(rng, profile, earlier);
    const time = start + Math.floor(((rng.weighted(hours) + rng.next()) / 24) * length);
    if (time > now) continue;
    const referer = rng.pick(REFERERS);
    const userAgent = rng.pick(USER_AGENTS);
    const blackListed = DEMO_BLACK_LISTED_IPS.includes(visit.ip);
    const link = { siteId: visit.siteId, typeId: visit.typeId, agentId: profile.agent.id };
    const officeId = profile.agent.officeId;
    clicks.push({
      ...link,
      officeId,
      ip: visit.ip,
      time,
      referer,
      userAgent,
      invalidReason: blackListed ? BLACK_LISTED : 0,
    });
    // Before some people's clicks, a machine opened the same link (a chat's preview of the pasted link).
    const machine = machineOf(machines);
    if (machine) {
      const at = Math.max(start, time - machines.int(MACHINE_LEAD_MS));
      const ip = randomIp(machines);
      clicks.push({
        ...link,
        officeId,
        ip,
        time: at,
        referer: null,
        userAgent: machine.userAgent ?? userAgent,
        invalidReason: machine.reason,
      });
    }
  }
  // In time order, so the first click of a key in the day is the unique one, as on the live path.
  clicks.sort((a, b) => a.time - b.time);
  return { day, clicks, sales: planSales(rng, clicks, agents.profiles, now) };
}

type Visit = Pick<PlannedClick, 'siteId' | 'typeId' | 'ip'>;

/** Mostly a new visitor on one of the agent's links; some come back to a link (not unique again). */
function nextVisit(rng: Rng, profile: AgentProfile, earlier: Map<number, Visit[]>): Visit {
  let visits = earlier.get(profile.agent.id);
  if (!visits) earlier.set(profile.agent.id, (visits = []));
  if (visits.length && rng.next() < REPEAT_VISIT) return rng.pick(visits);
  const site = profile.sites[rng.weighted(profile.siteWeights)];
  const type = site.types.length > 1 && rng.next() > 0.7 ? rng.pick(site.types.slice(1)) : site.types[0];
  const ip = rng.next() < BLACK_LISTED_CLICK ? rng.pick(DEMO_BLACK_LISTED_IPS) : randomIp(rng);
  const visit = { siteId: site.id, typeId: type.id, ip };
  visits.push(visit);
  return visit;
}

/**
 * Sales follow their click by minutes to hours. On approve-sale sites the sale is the Day#1 approval
 * and most approvals get their Day#2 paid sale (a bonus event) a day later; elsewhere some sales of a
 * bonus-paying link type get a bonus within two days. Nothing later than `now`.
 */
function planSales(rng: Rng, clicks: PlannedClick[], profiles: AgentProfile[], now: number): PlannedSale[] {
  const byAgent = new Map(profiles.map((p) => [p.agent.id, p]));
  const sales: PlannedSale[] = [];
  clicks.forEach((c, click) => {
    // A machine's or staff's click: no draw, so the people's sales stay those of the seed.
    if (c.invalidReason !== 0 && c.invalidReason !== BLACK_LISTED) return;
    const profile = byAgent.get(c.agentId)!;
    const site = profile.sites.find((s) => s.id === c.siteId)!;
    const chance = CONVERSION * profile.skill * (site.avp ? AVP_CONVERSION : 1);
    if (rng.next() >= chance) return;
    const time = c.time + Math.floor(rng.between(0.03, 4) * HOUR_MS);
    const email = `${rng.pick(NAMES)}${rng.int(100_000)}@mail.example`;
    if (time > now) return;
    sales.push({ click, event: 'sale', time, email });
    const bonusType = site.types.find((t) => t.id === c.typeId)?.bonus;
    const bonusChance = site.approveSale ? APPROVED_PAID_SHARE : BONUS_SHARE;
    if (!bonusType || rng.next() >= bonusChance) return;
    const delay = site.approveSale ? rng.between(20, 30) : rng.between(1, 48);
    const bonusTime = time + Math.floor(delay * HOUR_MS);
    if (bonusTime <= now) sales.push({ click, event: 'bonus', time: bonusTime, email });
  });
  return sales;
}
