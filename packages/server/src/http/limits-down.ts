// When Redis does not answer: a sign-in (password, second-step code, captcha, forgot) and a password
// change are refused with a 503, never let through unchecked; a postback is counted in this process
// alone, so sales keep coming in.
import { SharedLimitsDown } from '../common/shared-limits';
import { unavailable } from './errors';

/** A step that fails closed: Redis away answers 503 with `message` in the API's envelope. */
export async function refuseWhenDown<T>(step: Promise<T>, message: string): Promise<T> {
  try {
    return await step;
  } catch (err) {
    if (err instanceof SharedLimitsDown) throw unavailable(message);
    throw err;
  }
}

/** What a sign-in step answers (503) while the shared limits cannot be read. */
export const SIGN_IN_UNAVAILABLE = 'Signing in is not possible right now, please try again in a moment';
