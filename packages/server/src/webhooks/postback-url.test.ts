// A postback URL's macros per event kind: a sale's fill every macro, an agent's and a payout's only those
// they have (a payout line's id is no sale id), values URL-encoded, earnings empty for who may not see them.
import { describe, expect, it } from 'vitest';
import { postbackUrl, type DueDelivery } from './deliver';

const TEMPLATE =
  'https://t.example/pb?e={event}&s={sale_id}&x={tx_id}&st={status}&p={payout}&er={earning}&a={agent}&o={office}&d={date}';
const due = (type: string, data: Record<string, unknown>) => ({ type, data }) as unknown as DueDelivery;

describe('postback URL macros', () => {
  it('fills a sale event, the earning only where it is visible', () => {
    const d = due('sale.approved', {
      id: 41,
      txId: 'T 1&2',
      status: 'approved',
      payout: '500.00',
      earning: '30.00',
      agentId: 7,
      officeId: 2,
      date: '2026-11-02T10:00:00.000Z',
    });
    expect(postbackUrl(TEMPLATE, d, false)).toBe(
      'https://t.example/pb?e=sale.approved&s=41&x=T%201%262&st=approved&p=500.00&er=&a=7&o=2&d=2026-11-02T10%3A00%3A00.000Z',
    );
    expect(postbackUrl(TEMPLATE, d, true)).toContain('&er=30.00&');
  });

  it('fills a payout event with its outcome, amount, agent, office and paid date, and no sale', () => {
    const d = due('payout.paid', {
      id: 9,
      batchId: 3,
      periodStart: '2026-11-01',
      officeId: 2,
      agentId: 7,
      amount: '1250.50',
      currency: 'PHP',
      method: 'gcash',
      last4: '4567',
      reference: 'SD-2026-11-01-agent07',
      status: 'paid',
      paidOn: '2026-11-20',
      bankReference: 'G-1',
      failReason: null,
    });
    expect(postbackUrl(TEMPLATE, d, true)).toBe(
      'https://t.example/pb?e=payout.paid&s=&x=&st=paid&p=1250.50&er=&a=7&o=2&d=2026-11-20',
    );
  });
});
