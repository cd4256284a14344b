// Click and postback URLs of the demo data on a fresh database (packages/server/src/demo/data.ts):
// sites 1..5 with link types 2s-1 and 2s, clickable agents 1..25 (26 is suspended, 27 suspended for
// fraud, 28..30 unapproved), postback tokens demo-{siteId}. checkClickLinks() proves them before a run.
// Every click load sends a browser's User-Agent (CLICK_HEADERS): a click without one is a bot's (issue 35),
// never unique, so a load without it would measure the bot path, not a person's.
export const DEMO_SITES = [1, 2, 3, 4, 5];
const CLICKABLE_AGENTS = Array.from({ length: 25 }, (_, i) => i + 1);

export const clickPaths: string[] = CLICKABLE_AGENTS.flatMap((agent) =>
  DEMO_SITES.flatMap((site) =>
    [2 * site - 1, 2 * site].map((type) => `/api/links/go/${site}/${type}/${agent}`),
  ),
);

export const clickPath = (n: number) => clickPaths[n % clickPaths.length];

/** A real browser's user agent (Chrome 131 on Windows), sent with every click of the benchmarks. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Four browsers' user agents (none a bot's by the server's rules), for loads that mix them. */
export const BROWSER_USER_AGENTS = [
  BROWSER_USER_AGENT,
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
];
/** The headers of every benchmark click: a person's browser, not a bot. */
export const CLICK_HEADERS: Readonly<Record<string, string>> = { 'user-agent': BROWSER_USER_AGENT };

/** Clicks every demo link once; answers up to `perSite` click ids of each site (for postbacks). */
export async function checkClickLinks(baseUrl: string, perSite = 10): Promise<Map<number, number[]>> {
  const ids = new Map<number, number[]>(DEMO_SITES.map((s) => [s, []]));
  for (const path of clickPaths) {
    const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: CLICK_HEADERS });
    const location = res.headers.get('location');
    const clickId = location && new URL(location).searchParams.get('clickid');
    if (res.status !== 302 || !clickId)
      throw new Error(`${path} answered ${res.status}, not a click redirect`);
    const site = ids.get(Number(path.split('/')[4]))!;
    if (site.length < perSite) site.push(Number(clickId));
  }
  return ids;
}
