// Postback admission, one function for the lane and the route: the limit per client address, the input
// guard, the fields, the site's token and the site's limit, in that order. The token check usually costs
// no query (the click cache holds every site's token) and runs before the limits are counted, so a
// postback that will pass has its site counted with its address: one Redis round trip in cluster mode.
// A POST's body is read after the address is counted (an address over its limit is refused before its
// body is read), so admission answers a gate whose `admit` finishes it once the fields are at hand.
import { z } from 'zod';
import { ZPostbackRequest, type TPostbackRequest } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { sharedLimits } from '../common/shared-limits';
import { rateLimited, validationError } from '../http/errors';
import { BAD_CHAR_MESSAGE, badField } from '../http/input-guard';
import { runningTracking } from '../tracking/runtime';
import { countPostback, countPostbackSite } from './ip-limit';
import type { PostbackCall } from './log';
import { PostbackRefusal, refused } from './refusal';
import { findPostbackSite } from './sql';
import { postbackTokenMatches } from './token';

/** A postback past admission: its call and its fields. */
export interface AdmittedPostback {
  call: PostbackCall;
  fields: TPostbackRequest;
}

export interface PostbackGate {
  /** The address's limit headers (x-ratelimit-*, retry-after), sent with every answer. */
  headers: string[];
  /** False when the address is over its limit: answer 429 at once. */
  allowed: boolean;
  /** The rest of the admission, given the call with all its fields: the postback, or its refusal thrown. */
  admit(call: PostbackCall): Promise<AdmittedPostback>;
}

interface Fields {
  parsed: ReturnType<typeof ZPostbackRequest.safeParse>;
  tokenKnownRight: boolean;
}

/** The fields parsed, and whether the click cache knows the token is right: no query. */
function readFields(ctx: AppContext, call: PostbackCall): Fields {
  const parsed = ZPostbackRequest.safeParse(call.raw);
  const cached = parsed.success ? runningTracking(ctx)?.cache.siteToken(call.siteId) : undefined;
  return {
    parsed,
    tokenKnownRight:
      cached !== undefined && parsed.success && postbackTokenMatches(cached, parsed.data.token),
  };
}

/**
 * Counts the postback's address (with its site when `fieldsRead` and the cached token is right) and answers
 * its gate. `fieldsRead`: `call` holds every field (a GET's query); false for a POST whose body is to come.
 */
export async function admitPostback(
  ctx: AppContext,
  call: PostbackCall,
  fieldsRead: boolean,
): Promise<PostbackGate> {
  const limits = sharedLimits(ctx);
  const bad = fieldsRead ? badField(call.raw) : undefined;
  const early = fieldsRead && !bad ? readFields(ctx, call) : undefined;
  const count = await countPostback(limits, call.ip, early?.tokenKnownRight ? call.siteId : 0);
  const admit = async (full: PostbackCall): Promise<AdmittedPostback> => {
    if (!count.allowed) throw rateLimited();
    const badNow = fieldsRead ? bad : badField(full.raw);
    if (badNow) throw validationError({ [badNow]: [BAD_CHAR_MESSAGE] });
    const { parsed, tokenKnownRight } = early ?? readFields(ctx, full);
    if (!parsed.success) throw badInput(fieldErrors(parsed.error));
    if (!tokenKnownRight) await assertPostbackToken(ctx, full.siteId, parsed.data.token);
    if (!(count.site ?? (await countPostbackSite(limits, full.siteId))))
      throw refused('RATE_LIMITED', 'Too many postbacks for this site, please slow down');
    return { call: full, fields: parsed.data };
  };
  return { headers: count.headers, allowed: count.allowed, admit };
}

/** A miss or a mismatch of the cache asks the database, so a token regenerated a moment ago is never refused. */
async function assertPostbackToken(ctx: AppContext, siteId: number, token: string) {
  const site = await findPostbackSite(ctx.db, siteId);
  if (!site) throw refused('UNKNOWN_SITE', 'Unknown site');
  if (!postbackTokenMatches(site.postback_token, token)) throw refused('WRONG_TOKEN', 'Wrong postback token');
}

export const badInput = (data: Record<string, string[]>) =>
  new PostbackRefusal('BAD_INPUT', 'Please correct the marked fields', { data });

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const { formErrors, fieldErrors: fields } = z.flattenError(error);
  const data: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields as Record<string, string[] | undefined>)) {
    if (messages?.length) data[field] = messages;
  }
  if (formErrors.length) data._form = formErrors;
  return data;
}
