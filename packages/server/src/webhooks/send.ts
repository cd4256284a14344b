// One HTTP request of a delivery: only http and https, never to a refused address (checked after DNS, at
// connect time), at most 3 redirects each checked the same way, 10 s in all, and only the first 2 KiB
// of the answer read (a receiver answering 10 MB costs no more than one answering nothing).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isRefusedAddress } from './address';

export const SEND_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;
export const ANSWER_KEPT_BYTES = 2048;

export interface Outgoing {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface SendResult {
  /** The final answer's status; null when none came (refused, network error, time out). */
  status: number | null;
  ms: number;
  /** The first 2 KiB of the answer's body. */
  answer: string;
  error: string | null;
  /** Refused before sending (scheme, address): trying again would not change it. */
  refused?: boolean;
}

class Refused extends Error {}

/** dns.lookup, refusing a name whose addresses include a refused one. */
const checkedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => isRefusedAddress(a.address, allowPrivate));
      if (bad) return callback(new Refused(`${hostname} resolves to a refused address`), '', 0);
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };

/** Why `url` may not be sent to before any connection (its scheme, or an address written in it). */
function refusal(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https addresses';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isRefusedAddress(host, allowPrivate)) return `${host} is a refused address`;
  return null;
}

function once(out: Outgoing, url: URL, allowPrivate: boolean, signal: AbortSignal) {
  return new Promise<{ status: number; location?: string; answer: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: out.method,
        headers: { 'user-agent': 'Salesdesk-Webhooks/1', ...out.headers },
        lookup: checkedLookup(allowPrivate),
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < ANSWER_KEPT_BYTES) chunks.push(chunk.subarray(0, ANSWER_KEPT_BYTES - kept));
          kept += chunk.length;
          if (kept >= ANSWER_KEPT_BYTES) res.destroy();
        });
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            answer: Buffer.concat(chunks).toString('utf8'),
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', reject);
    req.end(out.body);
  });
}

/** Sends `out`, following up to 3 redirects; never throws. */
export async function send(
  out: Outgoing,
  allowPrivate: boolean,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const result = (
    status: number | null,
    answer: string,
    error: string | null,
    refused = false,
  ): SendResult => ({
    status,
    ms: Math.round(performance.now() - started),
    answer,
    error,
    refused,
  });
  let url: URL;
  try {
    url = new URL(out.url);
  } catch {
    return result(null, '', 'Not a valid address', true);
  }
  let current = out;
  for (let hop = 0; ; hop++) {
    const why = refusal(url, allowPrivate);
    if (why) return result(null, '', why, true);
    try {
      const res = await once(current, url, allowPrivate, signal);
      const redirect = res.status >= 300 && res.status < 400 && res.location;
      if (!redirect) return result(res.status, res.answer, null);
      if (hop >= MAX_REDIRECTS) return result(res.status, res.answer, 'Too many redirects');
      url = new URL(res.location!, url);
      // 303 asks for a GET; the others repeat the request as it was.
      if (res.status === 303) current = { ...current, method: 'GET', body: undefined };
    } catch (err) {
      if (signal.aborted) return result(null, '', `No answer within ${timeoutMs / 1000} s`);
      if (err instanceof Refused) return result(null, '', err.message, true);
      return result(null, '', `Network error: ${(err as Error).message}`);
    }
  }
}
