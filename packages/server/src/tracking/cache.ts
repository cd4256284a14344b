// What the click path checks, held in memory: clickable link types (with their redirect target),
// clickable agents with their enabled sites, the IP black list, the invalid-traffic rules, and the sites'
// postback tokens. Reloaded whole on every change.
import type { Queryable } from '../db/client';
import { INVALID_OPTION_NAMES } from '@salesdesk/contract';
import { IpRanges } from './ip-ranges';
import {
  loadActiveTypes,
  loadBlackList,
  loadClickableAgentSites,
  loadSiteTokens,
  loadTrafficOptions,
  type ActiveTypeRow,
} from './sql';
import { DEFAULT_RULES, rulesOf, type AddressSet, type TrafficRules } from './traffic-rules';

export interface ClickType {
  siteId: number;
  /** The redirect target up to the click id: url, its query and `{clickParam}=`. */
  prefix: string;
  /** The url's own #fragment (or ''), which must stay last. */
  fragment: string;
}

export interface ClickAgent {
  officeId: number;
  sites: Set<number>;
}

export interface Snapshot {
  types: Map<number, ClickType>;
  agents: Map<number, ClickAgent>;
  blackList: Set<string>;
  siteTokens: Map<number, string>;
  rules: TrafficRules;
}

const EMPTY: Snapshot = {
  types: new Map(),
  agents: new Map(),
  blackList: new Set(),
  siteTokens: new Map(),
  rules: DEFAULT_RULES,
};

/** Splits a type's url around where `{clickParam}={clickId}` goes; null for an unusable url. */
export function clickTarget(url: string, clickParam: string): Pick<ClickType, 'prefix' | 'fragment'> | null {
  let href: string;
  try {
    href = new URL(url.trim()).href; // percent-encodes what a Location header may not carry
  } catch {
    return null;
  }
  const hash = href.indexOf('#');
  const base = hash < 0 ? href : href.slice(0, hash);
  const fragment = hash < 0 ? '' : href.slice(hash);
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return { prefix: `${base}${sep}${encodeURIComponent(clickParam)}=`, fragment };
}

function toTypes(rows: ActiveTypeRow[]): Map<number, ClickType> {
  const types = new Map<number, ClickType>();
  for (const r of rows) {
    const target = clickTarget(r.url, r.click_param || 'clickid');
    if (target) types.set(r.id, { siteId: r.site_id, ...target });
  }
  return types;
}

/** The data center ranges in force (datacenter-list.ts), read at each reload. */
export type DatacenterSource = () => Promise<AddressSet>;
const NO_DATACENTERS: DatacenterSource = async () => IpRanges.EMPTY;

export async function loadSnapshot(db: Queryable, datacenter = NO_DATACENTERS): Promise<Snapshot> {
  const [typeRows, agentSites, blackList, tokens, options] = await Promise.all([
    loadActiveTypes(db),
    loadClickableAgentSites(db),
    loadBlackList(db),
    loadSiteTokens(db),
    loadTrafficOptions(db),
  ]);
  // Saved through System Options, so it parses; a hand edit that does not is read as far as it does.
  const internal = IpRanges.parse(options.get(INVALID_OPTION_NAMES.internalTrafficAddresses) ?? '').ranges;
  const rules = rulesOf(options, internal);
  // The providers' ranges are read only when the reason is on (it is counted on a new install).
  if (rules.modes.DATACENTER !== 'count') rules.datacenter = await datacenter();
  const agents = new Map<number, ClickAgent>();
  for (const r of agentSites) {
    let agent = agents.get(r.agent_id);
    if (!agent) agents.set(r.agent_id, (agent = { officeId: r.office_id, sites: new Set() }));
    agent.sites.add(r.site_id);
  }
  const siteTokens = new Map(tokens.map((t) => [t.id, t.postback_token] as const));
  return {
    types: toTypes(typeRows),
    agents,
    blackList: new Set(blackList),
    siteTokens,
    rules,
  };
}

export class TrackingCache {
  private snapshot: Snapshot = EMPTY;
  private loading: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly datacenter: DatacenterSource = NO_DATACENTERS,
  ) {}

  /** The invalid-traffic rules as of the last reload. */
  get rules(): TrafficRules {
    return this.snapshot.rules;
  }

  /** The clickable type of the site, or undefined (two lookups per click, nothing allocated). */
  clickType(siteId: number, typeId: number): ClickType | undefined {
    const type = this.snapshot.types.get(typeId);
    return type && type.siteId === siteId ? type : undefined;
  }

  /** The clickable agent with the site enabled, or undefined. */
  clickAgent(agentId: number, siteId: number): ClickAgent | undefined {
    const agent = this.snapshot.agents.get(agentId);
    return agent && agent.sites.has(siteId) ? agent : undefined;
  }

  isBlackListed(ip: string): boolean {
    return this.snapshot.blackList.has(ip);
  }

  /** The site's postback token as of the last reload. */
  siteToken(siteId: number): string | undefined {
    return this.snapshot.siteTokens.get(siteId);
  }

  /** Reloads everything; a call during a load waits for a fresh load that starts after it. */
  refresh(): Promise<void> {
    if (this.loading) {
      this.queued ??= this.loading
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.refresh();
        });
      return this.queued;
    }
    this.loading = loadSnapshot(this.db, this.datacenter)
      .then((snapshot) => {
        this.snapshot = snapshot;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
