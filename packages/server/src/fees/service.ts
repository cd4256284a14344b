// Custom office rates: read every office's row for a link type, save one row. A saved rate applies to
// sales recorded after it; recorded sales keep the amounts copied onto them.
import type { TCompanyFeeRow, TCompanyFeeSave, TCompanyFeesQuery, TList } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { notFound, validationError } from '../http/errors';
import { findFee, findLiveType, officeExists, searchFees, upsertFee, type FeeRecord } from './sql';

function toRow(r: FeeRecord): TCompanyFeeRow {
  return {
    typeId: r.type_id,
    companyId: r.office_id,
    officeName: r.office_name,
    enable: r.enable,
    payout: r.payout,
    earning: r.earning,
    lpp: r.lpp,
    bonusPayout: r.bonus_payout,
    bonusEarning: r.bonus_earning,
    bonusLpp: r.bonus_lpp,
    defaults: {
      payout: r.d_payout,
      earning: r.d_earning,
      lpp: r.d_lpp,
      bonusPayout: r.d_bonus_payout,
      bonusEarning: r.d_bonus_earning,
      bonusLpp: r.d_bonus_lpp,
    },
  };
}

/** Every office's row for the type; an unknown or deleted type, or one of another site, is not found. */
export async function listFees(ctx: AppContext, q: TCompanyFeesQuery): Promise<TList<TCompanyFeeRow>> {
  const type = await findLiveType(ctx.db, q.typeId);
  if (!type || (q.siteId !== undefined && type.site_id !== q.siteId)) throw notFound('Unknown link type');
  const { items, total } = await searchFees(ctx.db, q.typeId, q);
  return { items: items.map(toRow), total };
}

export async function saveFee(ctx: AppContext, v: TCompanyFeeSave): Promise<TCompanyFeeRow> {
  if (!(await upsertFee(ctx.db, v))) {
    const errors: Record<string, string[]> = {};
    if (!(await findLiveType(ctx.db, v.typeId))) errors.typeId = ['Choose an existing link type'];
    if (!(await officeExists(ctx.db, v.companyId))) errors.companyId = ['Choose an existing office'];
    throw validationError(Object.keys(errors).length ? errors : { _form: ['The rate was not saved'] });
  }
  // The postback reads rates from the table; the notice keeps any process that caches them current.
  await publishChange(ctx, 'tracking');
  const row = await findFee(ctx.db, v.typeId, v.companyId);
  if (!row) throw notFound();
  return toRow(row);
}
