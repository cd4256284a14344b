// Staff testing their own link add `sd_test=1` to it (issue 35, the INTERNAL reason); the click is then
// kept and redirected but not counted as a person. Read from the raw url by hand: the click lane has no
// parsed query, and this runs for every click.
import { INTERNAL_TEST_PARAM } from '@salesdesk/contract';

const PAIR = `${INTERNAL_TEST_PARAM}=1`;
const AMP = 38;
const HASH = 35;

/** True when the url's query holds the pair `sd_test=1` (as a whole pair, any place in the query). */
export function hasTestParam(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return false;
  for (let at = url.indexOf(PAIR, q + 1); at >= 0; at = url.indexOf(PAIR, at + 1)) {
    const before = url.charCodeAt(at - 1);
    const end = at + PAIR.length;
    const after = end < url.length ? url.charCodeAt(end) : AMP;
    if ((at === q + 1 || before === AMP) && (after === AMP || after === HASH)) return true;
  }
  return false;
}
