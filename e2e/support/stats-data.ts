// Data of the report specs: a site of the spec's own (two link types, the first with bonus rates), an
// office with two agents, and sales recorded through real clicks and postbacks, so every figure is known.
import {
  clickLink,
  createAgent,
  createOffice,
  createSite,
  postSales,
  type CreatedAgent,
  type CreatedOffice,
  type CreatedSite,
} from './api';

export type StatsData = {
  site: CreatedSite;
  office: CreatedOffice;
  /** Sells `sales` on the first type plus one bonus event; the second agent sells one on the second type. */
  agent: CreatedAgent;
  other: CreatedAgent;
  sales: number;
};

export const MAIN_RATES = {
  payout: '100.00',
  earning: '10.00',
  bonus: true,
  bonusPayout: '50.00',
  bonusEarning: '5.00',
};
export const SECOND_RATES = { payout: '30.00', earning: '3.00' };

export async function statsData(
  superToken: string,
  opts: { sales?: number; site?: Record<string, unknown> } = {},
): Promise<StatsData> {
  const sales = opts.sales ?? 3;
  const site = await createSite(superToken, opts.site ?? {}, [MAIN_RATES, SECOND_RATES]);
  const office = await createOffice(superToken, { siteIds: [site.id] });
  const sites = [{ siteId: site.id, enable: true }];
  const agent = await createAgent(superToken, { officeId: office.id, sites });
  const other = await createAgent(superToken, { officeId: office.id, sites });
  const click = await clickLink(site.id, site.typeIds[0], agent.id);
  await postSales(site, click, sales);
  await postSales(site, click, 1, 'bonus');
  await postSales(site, await clickLink(site.id, site.typeIds[1], other.id), 1);
  return { site, office, agent, other, sales };
}
