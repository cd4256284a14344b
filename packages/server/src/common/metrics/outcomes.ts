// What a click or postback answered by a Fastify route came to, noted by its route for the metrics hook
// (the lanes in front of Fastify tell their meter directly, lane-meter.ts).
import type { IncomingMessage } from 'node:http';

/**
 * Why a click was refused, as the click path tells them apart. An address on the black list is not a
 * refusal: its click is recorded, flagged (its invalid reason), unless that reason is set to count.
 */
export const CLICK_REFUSALS = [
  /** Not three plain ids: no link has this path. */
  'bad_path',
  /** The site or the link type is unknown, inactive, or the type belongs to another site. */
  'link_not_clickable',
  /** The agent is unknown, suspended or inactive, or does not have the site enabled. */
  'agent_not_clickable',
  /** Answered 404: a bot, link preview or data center address whose reason is set to refuse (issue 35). */
  'invalid_refused',
  /** Answered 503: the node is closing, the click writer is full, or the click could not be journaled. */
  'unavailable',
] as const;
export type ClickRefusal = (typeof CLICK_REFUSALS)[number];

/** A click recorded or refused; a postback's result (ACCEPTED, DUPLICATE or its refusal reason). */
export type Outcome = { click: 'recorded' | ClickRefusal } | { postback: string };

const outcomes = new WeakMap<IncomingMessage, Outcome>();

export const noteOutcome = (req: IncomingMessage, outcome: Outcome) => void outcomes.set(req, outcome);
export const outcomeOf = (req: IncomingMessage): Outcome | undefined => outcomes.get(req);
