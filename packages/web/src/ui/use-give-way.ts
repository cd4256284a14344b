// Applies the table rule (give-way.ts) to a rendered table: measures it against its box after each
// render and takes a column out (or brings the last one back) one step at a time until it fits.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { giveWayOrder, giveWayStep, type GiveWayColumn } from './give-way';

const NONE: readonly string[] = [];
/** Below this width (a phone) a row's actions wider than a third of the box open from one button. */
export const NARROW_BOX = 600;
const FOLD_SHARE = 1 / 3;
/** In a table too wide for its box the row's actions wrap onto a second line: at least this share of
 * their one-line width, so they take two lines, never a tall stack of single buttons. */
const WRAP_SHARE = 0.6;

/** The table's width with every shown column at its own width (not stretched to its box); `tight`:
 * at its narrowest, its headers, kept name and free text wrapped between words. */
function naturalWidth(table: HTMLTableElement, tight: boolean): number {
  const before = { width: table.style.width, tight: table.dataset.tight };
  table.style.width = tight ? 'min-content' : 'max-content';
  if (tight) table.dataset.tight = '';
  else delete table.dataset.tight;
  const width = table.offsetWidth;
  table.style.width = before.width;
  if (before.tight === undefined) delete table.dataset.tight;
  else table.dataset.tight = before.tight;
  return width;
}

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
 * `table` is the table element. Returns the box ref (the table's scroll box),
 * the columns taken out, whether free text and the row's actions wrap narrower (`tight`; `actionsMin`:
 * the narrowest the actions then take) and whether the row's actions open from one button (`fold`: a
 * phone, and actions wider than a third of the box).
 */
export function useGiveWay(
  columns: readonly GiveWayColumn[],
  lead: number,
  table: RefObject<HTMLTableElement | null>,
  off = false,
) {
  const box = useRef<HTMLDivElement>(null);
  const [gone, setGone] = useState(NONE);
  const [tight, setTight] = useState(false);
  const [fold, setFold] = useState(false);
  const actionsWidth = useRef(0);
  const [width, setWidth] = useState(0);
  const [, setFontsReady] = useState(false);
  const widths = useRef<Record<string, number>>({});
  const phone = width > 0 && width < NARROW_BOX;
  const order = useMemo(() => (off ? [] : giveWayOrder(columns, lead, phone)), [columns, lead, phone, off]);
  const actionsId = columns.find((c) => c.actions && !c.hidden)?.id;
  const money = useMemo(() => new Set(columns.filter((c) => c.money).map((c) => c.id)), [columns]);

  // Measures after every render (new rows, columns or room); it sets state only when a step is due.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const el = table.current;
    const frame = box.current;
    if (!el || !frame) return;
    el.querySelectorAll<HTMLElement>('thead > tr:first-child > th[data-col]').forEach((th) => {
      widths.current[th.dataset.col ?? ''] = th.getBoundingClientRect().width;
    });
    const room = frame.clientWidth;
    const actions = actionsId ? el.querySelector<HTMLElement>(`thead th[data-col="${actionsId}"]`) : null;
    if (actions && !fold) actionsWidth.current = naturalCellWidth(el, actions);
    const nowFold = phone && actionsWidth.current > room * FOLD_SHARE;
    if (nowFold !== fold) return setFold(nowFold);
    // First free text, names and the row's actions wrap narrower; only then do columns give way.
    const nowTight = gone.length > 0 || naturalWidth(el, false) > room + 1;
    if (nowTight !== tight) return setTight(nowTight);
    const next = giveWayStep(order, gone, naturalWidth(el, tight), room, widths.current, money);
    if (next.length !== gone.length) setGone(next);
  });

  // The room the table has is its box's container (the box itself may shrink to the table).
  useLayoutEffect(() => {
    const room = box.current?.parentElement?.parentElement;
    if (!room || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(Math.round(room.clientWidth)));
    observer.observe(room);
    return () => observer.disconnect();
  }, []);
  // Text measured before the web fonts arrived is measured again once they have.
  useEffect(() => {
    let live = true;
    void (document.fonts?.ready as Promise<unknown> | undefined)?.then(() => live && setFontsReady(true));
    return () => {
      live = false;
    };
  }, []);

  const actionsMin = Math.ceil(actionsWidth.current * WRAP_SHARE);
  return { box, gone: new Set(gone), tight, fold, actionsMin };
}
