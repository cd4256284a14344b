// GET /api/health: what a load balancer's check reads (HAProxy's `option httpchk`).
import { z } from 'zod';

export const ZHealthUp = z.object({ status: z.literal('ok') });
export type THealthUp = z.infer<typeof ZHealthUp>;

/** Answered with 503: the node should get no traffic, and why. */
export const ZHealthDown = z.object({ status: z.literal('unavailable'), reason: z.string() });
export type THealthDown = z.infer<typeof ZHealthDown>;
