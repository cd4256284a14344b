// A site's refund or chargeback postback: reverseSale (ledger/reverse.ts) on the sale its txId names,
// once per (site, txId, kind). An accepted reversal's log entry is its reversal row, which keeps the
// client address; a held sale, only rejected, has no such row, so its entry is written to postback_logs
// in the same transaction. Either way an acknowledged reversal is logged even if the process dies right
// after; repeats go to the log writer.
import type { TPostbackResponse, TReversalKind } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { reverseSale } from '../ledger';
import { logEntry, logIp, logPostback, type PostbackCall } from './log';
import { refused } from './refusal';
import { insertPostbackLogs } from './sql';

/**
 * Reverses the site's sale `txId`. The answer's saleId is the reversal row, or the sale itself when it was
 * held and only rejected (no money row); a repeat answers the same with `duplicate: true`.
 */
export async function reversePostback(
  ctx: AppContext,
  call: PostbackCall,
  kind: TReversalKind,
  txId: string,
): Promise<TPostbackResponse> {
  const { siteId, ip } = call;
  const fields = { event: kind, txId };
  const outcome = await ctx.db.transaction(async (tx) => {
    const o = await reverseSale(tx, { siteId, txId }, { kind, reason: null, by: null, ip: logIp(ip) });
    if (o.kind === 'reversed' && o.reversalId === null)
      await insertPostbackLogs(tx, [logEntry(siteId, ip, fields, 'ACCEPTED', o.saleId)]);
    return o;
  });
  switch (outcome.kind) {
    case 'reversed':
      return { ok: true, duplicate: false, saleId: outcome.reversalId ?? outcome.saleId };
    case 'duplicate': {
      const saleId = outcome.reversalId ?? outcome.saleId;
      logPostback(ctx, call, fields, 'DUPLICATE', saleId);
      return { ok: true, duplicate: true, saleId };
    }
    case 'already-reversed':
      throw refused('ALREADY_REVERSED', 'This sale was reversed or rejected before', outcome.saleId);
    case 'unknown-sale':
      throw refused('UNKNOWN_SALE', 'No sale of this site has this txId');
  }
}
