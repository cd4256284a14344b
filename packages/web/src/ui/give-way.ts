// The table rule: which columns give way (move into the row's detail) when a table is wider than its box.

/** What a column declares about its place when room runs short (see DataColumn). */
export type GiveWayColumn = {
  id: string;
  hidden?: boolean;
  /** `low`: ids, addresses, referrers, long notes, browsers; they give way first. `high`: gives way last. */
  priority?: 'low' | 'high';
  /** Money never gives way, but on a phone, where it goes last of all. */
  money?: boolean;
  /** The row's actions never give way; the column is kept in view at the right. */
  actions?: boolean;
};

/** A column that stays whatever the width: money or the row's actions. */
export const isKept = (c: GiveWayColumn): boolean => !!(c.money || c.actions);

/**
 * The order in which the shown columns give way, rightmost first: every `low` column, then (only in a
 * table that keeps money or actions in view) the unmarked columns and last the `high` ones, never the
 * `lead` leading ones (the row's name) nor the actions. Money stays, but on a `phone`, where it goes
 * last of all in the same order (a statement keeps its `high` Payable). A report without money or
 * actions declared keeps its columns and scrolls in its box.
 */
export function giveWayOrder(columns: readonly GiveWayColumn[], lead: number, phone = false): string[] {
  const shown = columns.filter((c) => !c.hidden);
  const inOrder = (cols: GiveWayColumn[]) => {
    const of = (p: GiveWayColumn['priority']) => cols.filter((c) => c.priority === p).reverse();
    return [...of('low'), ...of(undefined), ...of('high')];
  };
  const free = shown.slice(lead).filter((c) => !isKept(c));
  const low = free.filter((c) => c.priority === 'low').reverse();
  if (!shown.some(isKept)) return low.map((c) => c.id);
  const money = phone ? inOrder(shown.slice(lead).filter((c) => c.money)) : [];
  return [...inOrder(free), ...money].map((c) => c.id);
}

/** Room kept spare before a column that gave way comes back, so a column never flickers in and out. */
export const COME_BACK_MARGIN = 8;

/**
 * One step towards a table that fits: `gone` are the columns out (in the order they went), `natural` the
 * table's width with every shown column at its own width, `room` its box's width, `widths` each column's
 * width when it was last shown. Too wide: the next column in `order` goes. Room to spare: the last gone
 * column that fits in it comes back (a wide note may stay out while a short name returns), but none
 * that went before a `money` column still out.
 */
export function giveWayStep(
  order: readonly string[],
  gone: readonly string[],
  natural: number,
  room: number,
  widths: Readonly<Record<string, number>>,
  money: ReadonlySet<string> = new Set(),
): readonly string[] {
  const out = gone.filter((id) => order.includes(id));
  if (out.length !== gone.length) return out;
  if (natural > room + 1) {
    const next = order.find((id) => !out.includes(id));
    return next ? [...out, next] : out;
  }
  const spare = room - natural - COME_BACK_MARGIN;
  for (const id of [...out].reverse()) {
    if ((widths[id] ?? Infinity) <= spare) return out.filter((other) => other !== id);
    if (money.has(id)) break; // money that cannot come back keeps the room for itself
  }
  return out;
}

/**
 * Every step `giveWayStep` would take, as far as the measures tell, in one go: `natural` and `shown` (each
 * shown column's width) measured with the table at its natural width. A column going takes its own width
 * off the table's; a step bringing one back, or dropping one the table no longer offers, ends the plan.
 * The next render measures again, so a table the plan left too wide takes one more step there.
 */
export function giveWayPlan(
  order: readonly string[],
  gone: readonly string[],
  natural: number,
  room: number,
  widths: Readonly<Record<string, number>>,
  shown: Readonly<Record<string, number>>,
  money: ReadonlySet<string> = new Set(),
): readonly string[] {
  let out = gone;
  let width = natural;
  for (;;) {
    const next = giveWayStep(order, out, width, room, widths, money);
    const went = next.length === out.length + 1 ? shown[next[next.length - 1]] : undefined;
    if (went === undefined) return next;
    out = next;
    width -= went;
  }
}
