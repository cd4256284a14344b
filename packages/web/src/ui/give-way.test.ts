import { describe, expect, it } from 'vitest';
import { giveWayOrder, giveWayPlan, giveWayStep, isKept, type GiveWayColumn } from './give-way';

const review: GiveWayColumn[] = [
  { id: 'date' },
  { id: 'status' },
  { id: 'rules', priority: 'high' },
  { id: 'agent' },
  { id: 'email', priority: 'low' },
  { id: 'payout', money: true },
  { id: 'earning', money: true, hidden: true },
  { id: 'note', priority: 'low' },
  { id: 'actions', actions: true },
];

describe('the table rule', () => {
  it('keeps money and actions', () => {
    expect(review.filter(isKept).map((c) => c.id)).toEqual(['payout', 'earning', 'actions']);
  });

  it('gives way low columns first, then unmarked ones from the right, high ones last, never the row name or a kept one', () => {
    expect(giveWayOrder(review, 1)).toEqual(['note', 'email', 'agent', 'status', 'rules']);
    expect(giveWayOrder(review, 2)).toEqual(['note', 'email', 'agent', 'rules']);
  });

  it('lets only low columns give way in a table with no money or actions (a report scrolls instead)', () => {
    const report: GiveWayColumn[] = [
      { id: 'no' },
      { id: 'raws' },
      { id: 'ip', priority: 'low' },
      { id: 'sales' },
    ];
    expect(giveWayOrder(report, 1)).toEqual(['ip']);
  });

  const widths = { note: 200, email: 150, agent: 80, status: 90 };
  const order = ['note', 'email', 'agent', 'status'];

  it('takes out the next column while the table is wider than its box, one at a time', () => {
    expect(giveWayStep(order, [], 1200, 1000, widths)).toEqual(['note']);
    expect(giveWayStep(order, ['note'], 1050, 1000, widths)).toEqual(['note', 'email']);
    expect(giveWayStep(order, order, 1100, 1000, widths)).toEqual(order);
  });

  it('leaves a table that fits as it is, and a 1 px rounding alone', () => {
    expect(giveWayStep(order, [], 1000, 1000, widths)).toEqual([]);
    expect(giveWayStep(order, [], 1001, 1000, widths)).toEqual([]);
    expect(giveWayStep(order, ['note'], 900, 1000, widths)).toEqual(['note']);
  });

  it('brings back the last gone column that fits the spare room, a wide one staying out', () => {
    expect(giveWayStep(order, ['note', 'email', 'agent'], 850, 1000, widths)).toEqual(['note', 'email']);
    expect(giveWayStep(order, ['note', 'email'], 900, 1000, widths)).toEqual(['note', 'email']);
    expect(giveWayStep(order, ['email', 'note', 'agent'], 800, 1000, { ...widths, agent: 300 })).toEqual([
      'note',
      'agent',
    ]);
  });

  it('drops a gone column the table no longer offers (columns changed)', () => {
    expect(giveWayStep(['email'], ['note', 'email'], 900, 1000, widths)).toEqual(['email']);
  });
});

describe('the table rule on a phone', () => {
  it('lets money give way last, a high one (Payable) after the others', () => {
    const statements: GiveWayColumn[] = [
      { id: 'period' },
      { id: 'agent' },
      { id: 'total', money: true },
      { id: 'payable', money: true, priority: 'high' },
      { id: 'dollars', money: true },
      { id: 'open', actions: true },
    ];
    expect(giveWayOrder(statements, 1)).toEqual(['agent']);
    expect(giveWayOrder(statements, 1, true)).toEqual(['agent', 'dollars', 'total', 'payable']);
  });
});

describe('money coming back', () => {
  it('keeps the room for money still out: nothing that went before it comes back first', () => {
    const order = ['status', 'payout'];
    const widths = { status: 80, payout: 100 };
    expect(giveWayStep(order, ['status', 'payout'], 260, 358, widths, new Set(['payout']))).toEqual([
      'status',
      'payout',
    ]);
    expect(giveWayStep(order, ['status', 'payout'], 240, 358, widths, new Set(['payout']))).toEqual([
      'status',
    ]);
  });
});

describe('the table rule in one render', () => {
  const order = ['note', 'email', 'agent', 'status'];
  const shown = { note: 200, email: 150, agent: 80, status: 90 };

  it('takes out every column the measures say must go, as the steps one at a time would', () => {
    expect(giveWayPlan(order, [], 1400, 1000, {}, shown)).toEqual(['note', 'email', 'agent']);
    expect(giveWayPlan(order, [], 1350, 1000, {}, shown)).toEqual(['note', 'email']);
    expect(giveWayPlan(order, [], 1000, 1000, {}, shown)).toEqual([]);
    expect(giveWayPlan(order, ['note'], 1100, 1000, {}, shown)).toEqual(['note', 'email']);
    expect(giveWayPlan(order, [], 9000, 1000, {}, shown)).toEqual(order);
  });

  it('stops at a column it has no width for, and takes a step back (a column returning) alone', () => {
    expect(giveWayPlan(order, [], 1400, 1000, {}, { note: 200 })).toEqual(['note', 'email']);
    expect(giveWayPlan(order, ['note', 'email', 'agent'], 850, 1000, shown, shown)).toEqual([
      'note',
      'email',
    ]);
  });
});
