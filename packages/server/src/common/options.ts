// System options (name/value rows) and the IP black list lookups other areas share.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { blackListIps, options } from '../db/schema';

export const OPTION_AUTO_BLOCK = 'auto_block_account';
/** Global switch for the LPP columns of the statistics (DESIGN.md rule 4); not on the options screen. */
export const OPTION_LPP_VISIBLE = 'lpp_visible';
export const OPTION_DEFAULTS: Record<string, string> = {
  [OPTION_AUTO_BLOCK]: '0',
  [OPTION_LPP_VISIBLE]: '0',
};

export async function getOption(db: Queryable, name: string): Promise<string> {
  const [row] = await db.select().from(options).where(eq(options.name, name));
  return row?.value ?? OPTION_DEFAULTS[name] ?? '';
}

export const optionIsOn = async (db: Queryable, name: string) => (await getOption(db, name)) === '1';

export async function isBlackListed(db: Queryable, ip: string): Promise<boolean> {
  const [row] = await db.select({ id: blackListIps.id }).from(blackListIps).where(eq(blackListIps.ip, ip));
  return !!row;
}
