// Which machine a user agent names (issue 35): a link-preview or messaging robot, or another bot (a
// crawler, spider, monitor, HTTP library or headless browser, by the `isbot` package's maintained list),
// with the pattern that matched, for the click log. No user agent at all is a bot too.
//
// This runs in the redirect before its answer, so it must cost next to nothing: user agents repeat (a
// few hundred strings make most of a day's clicks), so each answer is remembered; and only the first
// 2 KiB of an agent are read, the part a click keeps (a browser's is a few hundred characters), so a
// hostile agent of any length costs no more than that (the patterns are literals and simple classes,
// which do not backtrack).
import { isbotMatch } from 'isbot';

export interface AgentReason {
  reason: 'PREVIEW' | 'BOT';
  /** What matched, as the click log shows it. */
  pattern: string;
}

/**
 * Link-preview and messaging robots: they fetch a pasted link to draw its card, so a link shared in a
 * chat is "clicked" once per chat without a person. iMessage's fetcher calls itself facebookexternalhit
 * and Twitterbot; Microsoft Teams and Skype send SkypeUriPreview. Apps whose own in-app browser names
 * them (Snapchat, Viber, Tumblr, chat desktop apps) are left out: their people click there.
 */
const PREVIEW_NAMES = [
  'facebookexternalhit',
  'facebookcatalog',
  'facebot',
  'whatsapp',
  'telegrambot',
  'slackbot',
  'slack-imgproxy',
  'discordbot',
  'skypeuripreview',
  'linkedinbot',
  'twitterbot',
  'pinterestbot',
  'redditbot',
  'vkshare',
  'line-poker',
  'kakaotalk-scrap',
  'embedly',
  'iframely',
  'mastodon',
  'bluesky cardyb',
  'cardyb',
  'google-pagerenderer',
  'yahoo link preview',
  'bitlybot',
  'zoombot',
  'xing-contenttabreceiver',
  'quora link preview',
] as const;

// One pass over the string for every name: an alternation of literals, which cannot backtrack.
const PREVIEW = new RegExp(PREVIEW_NAMES.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');

/** What the click path needs of a user agent: the machine it names (null: a browser), and its hash. */
export interface AgentTraits {
  reason: AgentReason | null;
  /** agentHash(): how the REPEAT windows tell user agents apart. */
  hash: number;
}

/**
 * 32-bit FNV-1a of the user agent's first 2 KiB (all a click keeps of it, so a hostile agent of any length
 * costs no more): what the repeat windows and Redis's keys hold, not the string.
 */
export function agentHash(ua: string | null | undefined): number {
  let h = 0x811c9dc5;
  if (ua)
    for (let i = 0, end = Math.min(ua.length, AGENT_READ); i < end; i++) {
      h ^= ua.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  return h >>> 0;
}

const NO_AGENT: AgentReason = { reason: 'BOT', pattern: '(no user agent)' };
const REMEMBERED = 10_000;
/** Longer strings are not remembered: a hostile agent must not fill the memory. */
const REMEMBERED_LENGTH = 512;
const seen = new Map<string, AgentTraits>();

/** As much of an agent as a click keeps (tracking/runtime.ts). */
export const AGENT_READ = 2048;

function classify(whole: string): AgentReason | null {
  const ua = whole.length > AGENT_READ ? whole.slice(0, AGENT_READ) : whole;
  const preview = PREVIEW.exec(ua);
  if (preview) return { reason: 'PREVIEW', pattern: preview[0].toLowerCase() };
  const bot = isbotMatch(ua);
  return bot ? { reason: 'BOT', pattern: bot.toLowerCase() } : null;
}

/**
 * The last agents looked up, by a cheap sample of each string: a Map lookup hashes every character of a
 * new request's string (a few hundred nanoseconds for a browser's), a sample and one comparison do not.
 * A slot holds one agent; two that share a sample take turns, each still answered by the Map.
 */
const RECENT_SLOTS = 1024;
const recentAgents: string[] = new Array<string>(RECENT_SLOTS).fill('');
const recentTraits: AgentTraits[] = new Array<AgentTraits>(RECENT_SLOTS);

function slotOf(ua: string): number {
  let h = ua.length;
  for (let i = ua.length - 1; i >= 0; i -= 7) h = Math.imul(h ^ ua.charCodeAt(i), 0x01000193);
  return (h >>> 0) % RECENT_SLOTS;
}

const traitsOf = (ua: string | undefined | null): AgentTraits => ({
  reason: ua && ua.trim() ? classify(ua) : NO_AGENT,
  hash: agentHash(ua),
});

/** The machine `ua` names (null for a browser) and its hash, remembered for the next click. */
export function agentTraits(ua: string | undefined | null): AgentTraits {
  if (!ua || ua.length > REMEMBERED_LENGTH) return traitsOf(ua);
  const slot = slotOf(ua);
  if (recentAgents[slot] === ua) return recentTraits[slot];
  let traits = seen.get(ua);
  if (traits === undefined) {
    traits = traitsOf(ua);
    // A full memory starts again: the strings that matter come back within seconds.
    if (seen.size >= REMEMBERED) seen.clear();
    seen.set(ua, traits);
  }
  recentAgents[slot] = ua;
  recentTraits[slot] = traits;
  return traits;
}

/** The machine `ua` names, or null for a browser. */
export const userAgentReason = (ua: string | undefined | null): AgentReason | null => agentTraits(ua).reason;
