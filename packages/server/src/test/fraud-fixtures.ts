// What the fraud rule tests share: the rules set through the options call (as System Options saves
// them), clicks and sales at chosen instants, and a sale's row as the rules left it.
import {
  FRAUD_OPTION_NAMES,
  FRAUD_SETTINGS_DEFAULT,
  Role,
  type TFraudMode,
  type TFraudSettings,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne, sql } from '../db/client';
import { recordSale } from '../postback/service';
import { buildAdmin, tokenFor, uniqueName } from './factories';
import { call, type TestEnv } from './harness';

export type Rules = {
  [K in keyof TFraudSettings]?: Partial<TFraudSettings[K]>;
};

/** Every rule in `mode` (the numbers at their defaults). */
export const allRules = (mode: TFraudMode): Rules => ({
  fastSale: { mode },
  repeatEmail: { mode },
  selfReferral: { mode },
  refundRate: { mode },
  invalidClick: { mode },
});

let superToken: string | undefined;

/** Saves the rules (the defaults where not given) through POST /api/options as a superadmin. */
export async function setRules(env: TestEnv, rules: Rules = {}) {
  superToken ??= await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
  const d = FRAUD_SETTINGS_DEFAULT;
  const n = FRAUD_OPTION_NAMES;
  const r = {
    fastSale: { ...d.fastSale, ...rules.fastSale },
    repeatEmail: { ...d.repeatEmail, ...rules.repeatEmail },
    selfReferral: { ...d.selfReferral, ...rules.selfReferral },
    refundRate: { ...d.refundRate, ...rules.refundRate },
    invalidClick: { ...d.invalidClick, ...rules.invalidClick },
  };
  const body = [
    { name: n.fastSaleMode, value: r.fastSale.mode },
    { name: n.fastSaleSeconds, value: String(r.fastSale.seconds) },
    { name: n.repeatEmailMode, value: r.repeatEmail.mode },
    { name: n.repeatEmailMax, value: String(r.repeatEmail.max) },
    { name: n.selfReferralMode, value: r.selfReferral.mode },
    { name: n.refundRateMode, value: r.refundRate.mode },
    { name: n.refundRatePercent, value: String(r.refundRate.percent) },
    { name: n.refundRateMinSales, value: String(r.refundRate.minSales) },
    { name: n.invalidClickMode, value: r.invalidClick.mode },
  ];
  const res = await call(env.app, 'POST', 'options', { token: superToken, body });
  if (res.status >= 300) throw new Error(`options: ${res.status} ${JSON.stringify(res.body)}`);
}

type Path = { site: { id: number } };

/** A sale (or bonus) of the click at `at` (ISO or epoch ms) through recordSale; answers its id. */
export async function sellAt(
  ctx: AppContext,
  p: Path,
  clickId: number,
  at: string | number,
  opts: { event?: 'sale' | 'bonus'; email?: string } = {},
): Promise<number> {
  const res = await recordSale(ctx, {
    siteId: p.site.id,
    clickId,
    event: opts.event ?? 'sale',
    email: opts.email ?? null,
    txId: uniqueName('tx'),
    date: new Date(at),
    ip: '10.41.0.1',
  });
  if (res.duplicate) throw new Error('a repeated txId');
  return res.saleId;
}

export interface JudgedSale {
  flags: number;
  status: number;
  /** Epoch milliseconds, or null. */
  hold_until: number | null;
}

/** What the rules made of a sale. */
export const judged = async (ctx: AppContext, saleId: number): Promise<JudgedSale | undefined> => {
  const row = await queryOne<{ flags: number; status: number; hold_until: string | null }>(
    ctx.db,
    sql`select fraud_flags as flags, status, (extract(epoch from hold_until) * 1000)::bigint::text as hold_until
        from sales where id = ${saleId}`,
  );
  return row && { ...row, hold_until: row.hold_until === null ? null : Number(row.hold_until) };
};

/** `ms` after the instant `iso`, as ISO. */
export const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
