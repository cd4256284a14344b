// Applies the table rule (give-way.ts) to a rendered table: measures it against its box after each render,
// when its room changes and when the fonts arrive, and takes out the columns that must go (or brings the
// last one back) until it fits.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { giveWayOrder, giveWayPlan, type GiveWayColumn } from './give-way';

const NONE: readonly string[] = [];
/** Below this width (a phone) a row's actions wider than a third of the box open from one button. */
export const NARROW_BOX = 600;
const FOLD_SHARE = 1 / 3;
/** In a table too wide for its box the row's actions wrap onto a second line: at least this share of
 * their one-line width, so they take two lines, never a tall stack of single buttons. */
const WRAP_SHARE = 0.6;

/** The table's width with every shown column at its own width (not stretched to its box), and each of
 * those columns' width then; `tight`: at its narrowest, its headers, kept name and free text wrapped
 * between words. One layout for all of them. */
function naturalWidths(
  table: HTMLTableElement,
  tight: boolean,
): { width: number; cols: Record<string, number> } {
  const before = { width: table.style.width, tight: table.dataset.tight };
  table.style.width = tight ? 'min-content' : 'max-content';
  if (tight) table.dataset.tight = '';
  else delete table.dataset.tight;
  const width = table.offsetWidth;
  const cols: Record<string, number> = {};
  headerCells(table).forEach((th) => (cols[th.dataset.col ?? ''] = th.getBoundingClientRect().width));
  table.style.width = before.width;
  if (before.tight === undefined) delete table.dataset.tight;
  else table.dataset.tight = before.tight;
  return { width, cols };
}

const headerCells = (table: HTMLTableElement) =>
  table.querySelectorAll<HTMLElement>('thead > tr:first-child > th[data-col]');

/** A column's width with the table at its natural width. */
function naturalCellWidth(table: HTMLTableElement, th: HTMLElement): number {
  const before = table.style.width;
  table.style.width = 'max-content';
  const width = th.getBoundingClientRect().width;
  table.style.width = before;
  return width;
}

/**
 * `columns` and `lead` (the leading columns kept) give the give-way order (none when `off`: a printout),
 * `table` is the table element, `content` what it shows (its rows: a new value is measured anew). Returns
 * the box ref (the table's scroll box),
 * the columns taken out, whether free text and the row's actions wrap narrower (`tight`; `actionsMin`:
 * the narrowest the actions then take) and whether the row's actions open from one button (`fold`: a
 * phone, and actions wider than a third of the box).
 */
export function useGiveWay(
  columns: readonly GiveWayColumn[],
  lead: number,
  table: RefObject<HTMLTableElement | null>,
  off = false,
  content?: unknown,
) {
  const box = useRef<HTMLDivElement>(null);
  const [gone, setGone] = useState(NONE);
  const [tight, setTight] = useState(false);
  const [fold, setFold] = useState(false);
  const [phone, setPhone] = useState(false);
  const actionsWidth = useRef(0);
  const widths = useRef<Record<string, number>>({});
  const order = useMemo(() => (off ? [] : giveWayOrder(columns, lead, phone)), [columns, lead, phone, off]);
  const actionsId = columns.find((c) => c.actions && !c.hidden)?.id;
  const money = useMemo(() => new Set(columns.filter((c) => c.money).map((c) => c.id)), [columns]);
  // What the last committed render drew, for a measure made after it (a render, new room, fonts loaded).
  const drawn = useRef({ order, gone, tight, fold, phone, actionsId, money });

  // Measures the table as drawn and sets state only when a step is due, so new room or fonts that change
  // nothing cost no render (a list drew its table about ten times to open).
  const measure = useCallback(() => {
    const el = table.current;
    const frame = box.current;
    if (!el || !frame) return;
    const { order, gone, tight, fold, phone, actionsId, money } = drawn.current;
    // The room the table has is its box's container (the box itself may shrink to the table).
    const outer = Math.round(frame.parentElement?.parentElement?.clientWidth ?? 0);
    const nowPhone = outer > 0 && outer < NARROW_BOX;
    if (nowPhone !== phone) return setPhone(nowPhone);
    headerCells(el).forEach((th) => {
      widths.current[th.dataset.col ?? ''] = th.getBoundingClientRect().width;
    });
    const room = frame.clientWidth;
    // The table at its natural width, measured once for both questions below while it is not tight.
    const loose = tight ? undefined : naturalWidths(el, false);
    const actions = actionsId ? el.querySelector<HTMLElement>(`thead th[data-col="${actionsId}"]`) : null;
    if (actions && !fold)
      actionsWidth.current = loose ? (loose.cols[actionsId ?? ''] ?? 0) : naturalCellWidth(el, actions);
    const nowFold = phone && actionsWidth.current > room * FOLD_SHARE;
    if (nowFold !== fold) return setFold(nowFold);
    // First free text, names and the row's actions wrap narrower; only then do columns give way.
    const nowTight = gone.length > 0 || (loose ?? naturalWidths(el, false)).width > room + 1;
    if (nowTight !== tight) return setTight(nowTight);
    // All the columns that must go in one render, not one render each.
    const natural = loose ?? naturalWidths(el, tight);
    const next = giveWayPlan(order, gone, natural.width, room, widths.current, natural.cols, money);
    if (next.length !== gone.length || next.some((id, i) => id !== gone[i])) setGone(next);
  }, [table]);

  // After a render that drew something new: rows, columns or a step. Each measure lays the table out two
  // or three times, and a list renders about ten times as it opens (loading, selection, sticky columns).
  const measuredFor = useRef<readonly unknown[]>([]);
  useLayoutEffect(() => {
    drawn.current = { order, gone, tight, fold, phone, actionsId, money };
    const drew = [content, columns, gone, tight, fold, phone, off];
    if (drew.every((v, i) => v === measuredFor.current[i])) return;
    measuredFor.current = drew;
    measure();
  });
  useLayoutEffect(() => {
    const outer = box.current?.parentElement?.parentElement;
    if (!outer || typeof ResizeObserver === 'undefined') return;
    let width = outer.clientWidth;
    const observer = new ResizeObserver(() => {
      if (outer.clientWidth === width) return; // its first report, or a change of height only
      width = outer.clientWidth;
      measure();
    });
    observer.observe(outer);
    return () => observer.disconnect();
  }, [measure]);
  // Text measured before the web fonts arrived is measured again once they have.
  useEffect(() => {
    if (!document.fonts || document.fonts.status === 'loaded') return;
    let live = true;
    void (document.fonts.ready as Promise<unknown> | undefined)?.then(() => live && measure());
    return () => {
      live = false;
    };
  }, [measure]);

  const actionsMin = Math.ceil(actionsWidth.current * WRAP_SHARE);
  return { box, gone: new Set(gone), tight, fold, actionsMin };
}
