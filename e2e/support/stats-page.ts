// Steps the report specs share: the table, its rows and header, the criteria form's selects, the CSV.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';

export const statsTable = (page: Page) => page.getByRole('table', { name: 'Statistics' });

/** The cells of every body row, trimmed. */
export async function bodyRows(page: Page): Promise<string[][]> {
  const rows = statsTable(page).locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++)
    out.push((await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim()));
  return out;
}

export async function headers(page: Page): Promise<string[]> {
  return (await statsTable(page).locator('thead th').allInnerTexts()).map((t) =>
    t.replace(/[▲▼↕]/g, '').trim(),
  );
}

/** The footer rows, a label spanning several columns (Page Total over No and Date) counted once per column. */
async function footerRows(page: Page): Promise<string[][]> {
  return statsTable(page)
    .locator('tfoot tr')
    .evaluateAll((rows) =>
      rows.map((tr) =>
        Array.from(tr.querySelectorAll('th')).flatMap((th) => [
          (th.innerText ?? '').trim(),
          ...Array<string>(th.colSpan - 1).fill(''),
        ]),
      ),
    );
}

/** The cell of `column` (its header) in the first body or footer row with a cell including `rowText`. */
export async function cell(page: Page, rowText: string, column: string): Promise<string> {
  const index = (await headers(page)).indexOf(column);
  if (index < 0) throw new Error(`no column ${column}: ${(await headers(page)).join(', ')}`);
  const rows = [...(await bodyRows(page)), ...(await footerRows(page))];
  const row = rows.find((r) => r.some((c) => c.includes(rowText)));
  if (!row) throw new Error(`no row with ${rowText}`);
  return row[index];
}

/** Picks `option` in the form's select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Presses 'Load statistics' and waits until the table has answered. */
export async function load(page: Page) {
  await page.getByRole('button', { name: 'Load statistics' }).click();
  await statsTable(page).and(page.locator('[aria-busy="false"]')).waitFor();
}

/** Exports the CSV and answers its lines (without the byte order mark). */
export async function exportCsv(page: Page): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const file = await download.path();
  const text = await fs.readFile(file, 'utf8');
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

/** The print version hides the form and the tabs and keeps the table. */
export async function openPrintVersion(page: Page) {
  await page.getByLabel('Print version').check({ force: true });
  await page.getByRole('search', { name: 'Load statistics' }).waitFor({ state: 'detached' });
  await statsTable(page).waitFor();
}
