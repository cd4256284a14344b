// News and the common login alert: each save adds a row (kept as history), html sanitised on save.
import type { TAlert, TAlertUpdate, TNews } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { alerts, news } from '../db/schema';
import { sanitizeRichText } from '../common/sanitize';
import type { Principal } from '../http/auth';
import { findLastAlert, findLastNews } from './sql';

export async function getLastNews(ctx: AppContext): Promise<TNews> {
  return { html: (await findLastNews(ctx.db))?.html ?? '' };
}

export async function saveNews(ctx: AppContext, p: Principal, html: string): Promise<TNews> {
  const [row] = await ctx.db
    .insert(news)
    .values({ html: sanitizeRichText(html), createdBy: p.accountId })
    .returning({ html: news.html });
  return { html: row.html };
}

export async function getLastAlert(ctx: AppContext): Promise<TAlert> {
  const row = await findLastAlert(ctx.db);
  return { enable: row?.enable ?? false, html: row?.html ?? '' };
}

export async function saveAlert(ctx: AppContext, v: Required<TAlertUpdate>): Promise<TAlert> {
  const [row] = await ctx.db
    .insert(alerts)
    .values({ enable: v.enable, html: sanitizeRichText(v.html) })
    .returning({ enable: alerts.enable, html: alerts.html });
  return row;
}
