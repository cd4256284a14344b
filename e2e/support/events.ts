// Clicks and sales as the outside world makes them: the tracking link (no redirect followed) and the
// site's postback with its token.
import { BASE_URL } from './browser';

/** A person's browser: a click without a user agent is a bot's (issue 35). */
export const BROWSER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Clicks the tracking link; answers the click id the 302 hands to the site (its click parameter). */
export async function clickLink(
  siteId: number,
  typeId: number,
  agentId: number,
  param = 'clickid',
  userAgent = BROWSER_AGENT,
): Promise<number> {
  const res = await fetch(`${BASE_URL}/api/links/go/${siteId}/${typeId}/${agentId}`, {
    redirect: 'manual',
    headers: { 'user-agent': userAgent },
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`click ${siteId}/${typeId}/${agentId}: ${res.status}`);
  const id = new URL(location).searchParams.get(param);
  if (!id) throw new Error(`no click id in ${location}`);
  return Number(id);
}

export const newTxId = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** A sale or bonus postback of the site for the click (retried while the click is still being written). */
export async function postback(
  siteId: number,
  token: string,
  clickId: number,
  opts: { event?: 'sale' | 'bonus'; email?: string; txId?: string } = {},
): Promise<number> {
  const q = new URLSearchParams({
    token,
    clickId: String(clickId),
    event: opts.event ?? 'sale',
    email: opts.email ?? '',
    txId: opts.txId ?? newTxId(),
  });
  for (let i = 0; ; i++) {
    const res = await fetch(`${BASE_URL}/api/postback/${siteId}?${q}`);
    if (res.ok) return ((await res.json()) as { saleId: number }).saleId;
    if (i >= 20) throw new Error(`postback ${siteId}: ${res.status} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The site takes a sale back: a refund or chargeback postback naming the sale's txId; answers the body. */
export async function reversalPostback(
  siteId: number,
  token: string,
  txId: string,
  event: 'refund' | 'chargeback' = 'refund',
): Promise<{ ok: boolean; duplicate: boolean; saleId: number }> {
  const q = new URLSearchParams({ token, event, txId });
  const res = await fetch(`${BASE_URL}/api/postback/${siteId}?${q}`);
  if (!res.ok) throw new Error(`${event} postback ${siteId}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { ok: boolean; duplicate: boolean; saleId: number };
}
