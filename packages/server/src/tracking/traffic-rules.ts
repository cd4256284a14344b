// Which clicks were not people (issue 35): each click is tested against the reasons in the contract's
// order, and the first that holds and is not set to `count` is the click's reason; one set to `refuse`
// answers 404 instead. Runs in the redirect before its answer, on what the tracking cache holds: no
// query per click. A reason set to `count` is not even tested (its user-agent or address lookup skipped).
import {
  INVALID_OPTION_NAMES,
  INVALID_MODE_FIELDS,
  INVALID_REASONS,
  invalidModeOf,
  invalidReasonCode,
  repeatRuleOf,
  VALID_CLICK,
  type TInvalidMode,
  type TInvalidReason,
} from '@salesdesk/contract';
import { agentTraits, type AgentTraits } from './user-agent-reason';
import type { RepeatWindows } from './repeats';

export type { RepeatWindows };

/** A set of addresses and ranges (tracking/ip-ranges.ts). */
export interface AddressSet {
  has(ip: string): boolean;
}
const NO_ADDRESSES: AddressSet = { has: () => false };

export interface TrafficRules {
  modes: Readonly<Record<TInvalidReason, TInvalidMode>>;
  /** `Internal traffic addresses`. */
  internal: AddressSet;
  /** The cloud providers' ranges (the DATACENTER reason). */
  datacenter: AddressSet;
  repeat: { max: number; windowMs: number };
}

/** The rules as a fresh install has them: every reason flagged, DATACENTER counted, 10 in 10 minutes. */
export const DEFAULT_RULES: TrafficRules = rulesOf(new Map());

/** The rules from the saved options (name to value); a value that is not one reads as its default. */
export function rulesOf(
  options: ReadonlyMap<string, string>,
  internal: AddressSet = NO_ADDRESSES,
  datacenter: AddressSet = NO_ADDRESSES,
): TrafficRules {
  const modes = Object.fromEntries(
    INVALID_REASONS.map((r) => [
      r,
      invalidModeOf(r, options.get(INVALID_OPTION_NAMES[INVALID_MODE_FIELDS[r]])),
    ]),
  ) as Record<TInvalidReason, TInvalidMode>;
  const { max, minutes } = repeatRuleOf(
    options.get(INVALID_OPTION_NAMES.repeatClicksMax),
    options.get(INVALID_OPTION_NAMES.repeatClicksMinutes),
  );
  return { modes, internal, datacenter, repeat: { max, windowMs: minutes * 60_000 } };
}

/** The click as the rules see it. */
export interface ClickTraits {
  typeId: number;
  agentId: number;
  ip: string;
  userAgent?: string | null;
  request?: {
    /** A HEAD request. */
    head?: boolean;
    /** The request carried `sd_test=1`. */
    test?: boolean;
  };
  time: Date;
}

/** classify()'s answer for a click to refuse (404, counted in the metrics only). */
export const REFUSED = -1;

const code = (r: TInvalidReason) => invalidReasonCode(r);

/**
 * The click's reason code (0 valid), or REFUSED. `blackListed` is the black list's answer for its
 * address. A click that reaches the REPEAT test is counted toward its key's window.
 */
export function classify(
  rules: TrafficRules,
  c: ClickTraits,
  blackListed: boolean,
  repeats: RepeatWindows,
): number {
  const m = rules.modes;
  if (blackListed && m.BLACKLISTED_IP !== 'count') return code('BLACKLISTED_IP');
  if (m.INTERNAL !== 'count' && (c.request?.test || rules.internal.has(c.ip))) return code('INTERNAL');
  let traits: AgentTraits | undefined;
  if (m.PREVIEW !== 'count' || m.BOT !== 'count') {
    traits = agentTraits(c.userAgent);
    const agent = traits.reason;
    if (agent && m[agent.reason] !== 'count')
      return m[agent.reason] === 'refuse' ? REFUSED : code(agent.reason);
  }
  if (c.request?.head && m.HEAD !== 'count') return code('HEAD');
  if (m.DATACENTER !== 'count' && rules.datacenter.has(c.ip))
    return m.DATACENTER === 'refuse' ? REFUSED : code('DATACENTER');
  if (m.REPEAT !== 'count') {
    const agent = (traits ?? agentTraits(c.userAgent)).hash;
    if (repeats.isRepeat(c, agent, c.time.getTime(), rules.repeat.max, rules.repeat.windowMs))
      return code('REPEAT');
  }
  return VALID_CLICK;
}
