// Data of the home, top agents and office performance specs: a site, an office and an agent of the
// spec's own, with sales recorded through a real click and postbacks (so every rollup is the live one).
import type { TDashboard } from '@salesdesk/contract';
import {
  api,
  clickLink,
  createAgent,
  createOffice,
  createSite,
  postSales,
  type CreatedAgent,
  type CreatedOffice,
  type CreatedSite,
} from './api';

export type SellingOffice = { site: CreatedSite; office: CreatedOffice; agent: CreatedAgent; sales: number };

/**
 * A new office whose agent sells one more than the current weekly leader, so it leads this week's
 * tables whatever other specs recorded before.
 */
export async function sellingOffice(
  superToken: string,
  officeOverrides: Record<string, unknown> = {},
): Promise<SellingOffice> {
  const site = await createSite(superToken);
  const office = await createOffice(superToken, { siteIds: [site.id], ...officeOverrides });
  const agent = await createAgent(superToken, {
    officeId: office.id,
    sites: [{ siteId: site.id, enable: true }],
  });
  const board = await api<TDashboard>(superToken, 'GET', 'dashboard');
  const sales = (board.weekTop10[0]?.sales ?? 0) + 1;
  const clickId = await clickLink(site.id, site.typeIds[0], agent.id);
  await postSales(site, clickId, sales);
  await postSales(site, clickId, 2, 'bonus'); // bonus events are not counted as sales
  return { site, office, agent, sales };
}
