// Route matrix samples of the settings: the black list and the options (issue 7).
import { OPTION_NAMES } from '@salesdesk/contract';
import { getOption, OPTION_AUTO_BLOCK } from '../common/options';
import { blackListIps } from '../db/schema';
import type { RouteSamples } from '../test/route-sample-kit';
import type { World } from '../test/route-world';

let listed = 0;
/** A fresh listed address per call, for the delete that removes it. */
async function listedIpId(w: World): Promise<number> {
  return (await listedIp(w)).id;
}

/** A fresh listed address per call (its id and its value). */
async function listedIp(w: World): Promise<{ id: number; ip: string }> {
  listed += 1;
  const ip = `2001:db8:4d::${listed.toString(16)}`;
  const [row] = await w.ctx.db
    .insert(blackListIps)
    .values({ ip })
    .onConflictDoUpdate({ target: blackListIps.ip, set: { ip } })
    .returning({ id: blackListIps.id });
  return { id: row.id, ip };
}

// Never an address other samples log in or click from (those are 127.1.x.x and 10.9.8.7).
const MATRIX_IP = '198.51.100.250';

export const routeSamples: RouteSamples = {
  'POST /api/black-list-ip/search': {
    build: () => ({ url: 'black-list-ip/search', body: { criteria: [{ field: 'ip', value: '198.51' }] } }),
  },
  'PUT /api/black-list-ip': { build: () => ({ url: 'black-list-ip', body: { ips: [MATRIX_IP] } }) },
  'POST /api/black-list-ip/delete-by-value': {
    // A value that is listed: removing none answers 404.
    build: async (w) => ({ url: 'black-list-ip/delete-by-value', body: { ips: [(await listedIp(w)).ip] } }),
  },
  'DELETE /api/black-list-ip/:id': { build: async (w) => ({ url: `black-list-ip/${await listedIpId(w)}` }) },
  'GET /api/options': { build: () => ({ url: 'options' }) },
  'GET /api/options/datacenter-list': { build: () => ({ url: 'options/datacenter-list' }) },
  // A documentation range only: the DATACENTER reason is counted unless a test turns it on.
  'POST /api/options/datacenter-list': {
    build: () => ({
      url: 'options/datacenter-list',
      body: { text: '# date: 2026-11-01\n192.0.2.0/24\ttest\n' },
    }),
  },
  // Saves the current value again, so tests reading the option never see the matrix's.
  'POST /api/options': {
    build: async (w) => ({
      url: 'options',
      body: [{ name: OPTION_NAMES.autoBlockAccount, value: await getOption(w.ctx.db, OPTION_AUTO_BLOCK) }],
    }),
  },
};
