// Settings rules: the IP black list (a change reaches the click path at once; login reads the table)
// and the system options of the System Options screen.
import {
  badIpLine,
  easternDay,
  EDITABLE_OPTIONS,
  type TBlackListSearch,
  type TIpList,
  type TOption,
  type TOptionsUpdate,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { datacenterListInfo, storeDatacenterList } from '../tracking/datacenter-list';
import { getOption } from '../common/options';
import { notFound, validationError } from '../http/errors';
import { payCycleIn, savingPayCycle } from '../pay-periods/cycle';
import { canonicalIp } from './ip';
import { deleteIpById, deleteIpsByValue, insertIps, saveOptions, searchBlackList } from './sql';

/** Bad lines named in one answer; past it, a count of the rest. */
const BAD_LINES_SHOWN = 20;

/** The trimmed, non-blank lines of the box with their line numbers as the user sees them. */
function typedLines(ips: string[]): { line: number; text: string }[] {
  return ips.map((raw, i) => ({ line: i + 1, text: raw.trim() })).filter((l) => l.text !== '');
}

export const listBlackList = (ctx: AppContext, q: TBlackListSearch) => searchBlackList(ctx.db, q);

/**
 * Adds every address of the list, or none: each line must be an IPv4 or IPv6 address, and the answer
 * names the lines that are not. Addresses already listed (or twice in the list) are skipped.
 */
export async function addIps(ctx: AppContext, input: TIpList): Promise<{ added: number }> {
  const good = new Set<string>();
  const bad: string[] = [];
  for (const { line, text } of typedLines(input.ips)) {
    const ip = canonicalIp(text);
    if (ip) good.add(ip);
    else bad.push(badIpLine(line, text));
  }
  if (bad.length) {
    const more = bad.length - BAD_LINES_SHOWN;
    const shown = bad.slice(0, BAD_LINES_SHOWN);
    throw validationError({ ips: more > 0 ? [...shown, `and ${more} more lines`] : shown });
  }
  const added = await insertIps(ctx.db, [...good]);
  // A listed address is never a unique click: every process reloads its copy of the list.
  if (added) await publishChange(ctx, 'tracking');
  return { added };
}

/** Removes the listed addresses (as typed, and in their canonical form); other lines match nothing. */
export async function deleteIps(ctx: AppContext, input: TIpList): Promise<{ deleted: number }> {
  const values = new Set<string>();
  for (const { text } of typedLines(input.ips)) {
    values.add(text);
    const ip = canonicalIp(text);
    if (ip) values.add(ip);
  }
  const deleted = await deleteIpsByValue(ctx.db, [...values]);
  // None listed (or another call removed them first): 404, and the rollback leaves no audit row.
  if (!deleted) throw notFound('None of these addresses is on the black list');
  await publishChange(ctx, 'tracking');
  return { deleted };
}

export async function deleteIp(ctx: AppContext, id: number) {
  if (!(await deleteIpById(ctx.db, id))) throw notFound();
  await publishChange(ctx, 'tracking');
}

/** The options of the System Options screen, with their defaults when never saved. */
export async function listOptions(ctx: AppContext): Promise<TOption[]> {
  return Promise.all(EDITABLE_OPTIONS.map(async (name) => ({ name, value: await getOption(ctx.db, name) })));
}

export async function changeOptions(ctx: AppContext, list: TOptionsUpdate) {
  await ctx.db.transaction((tx) => savingPayCycle(tx, payCycleIn(list), () => saveOptions(tx, list)));
  // The postback caches the fraud rules (common/fraud-settings.ts): every process drops them.
  await publishChange(ctx, 'options');
}

/** The data center list in force (the release's copy until one is stored), for System Options. */
export const datacenterList = (ctx: AppContext) => datacenterListInfo(ctx.db);

/** Stores a data center list in place of the one in force; every process reloads its click rules. */
export async function storeDatacenter(ctx: AppContext, by: number, text: string) {
  const stored = await storeDatacenterList(ctx.db, text, by, easternDay(new Date()));
  await publishChange(ctx, 'tracking');
  return stored;
}
