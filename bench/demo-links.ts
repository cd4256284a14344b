// Click and postback URLs of the demo data on a fresh database (packages/server/src/demo/data.ts):
// sites 1..5 with link types 2s-1 and 2s, clickable agents 1..25 (26 is suspended, 27 suspended for
// fraud, 28..30 unapproved), postback tokens demo-{siteId}. checkClickLinks() proves them before a run.
export const DEMO_SITES = [1, 2, 3, 4, 5];
const CLICKABLE_AGENTS = Array.from({ length: 25 }, (_, i) => i + 1);

export const clickPaths: string[] = CLICKABLE_AGENTS.flatMap((agent) =>
  DEMO_SITES.flatMap((site) =>
    [2 * site - 1, 2 * site].map((type) => `/api/links/go/${site}/${type}/${agent}`),
  ),
);

export const clickPath = (n: number) => clickPaths[n % clickPaths.length];

/** Clicks every demo link once; answers up to `perSite` click ids of each site (for postbacks). */
export async function checkClickLinks(baseUrl: string, perSite = 10): Promise<Map<number, number[]>> {
  const ids = new Map<number, number[]>(DEMO_SITES.map((s) => [s, []]));
  for (const path of clickPaths) {
    const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
    const location = res.headers.get('location');
    const clickId = location && new URL(location).searchParams.get('clickid');
    if (res.status !== 302 || !clickId)
      throw new Error(`${path} answered ${res.status}, not a click redirect`);
    const site = ids.get(Number(path.split('/')[4]))!;
    if (site.length < perSite) site.push(Number(clickId));
  }
  return ids;
}
