import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  apiLogin,
  createAgent,
  createOffice,
  uniqueName,
  type CreatedAgent,
  type CreatedOffice,
} from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

// Two offices of the spec's own on a demo site, each with an agent; no demo row changes.
let browser: Browser;
let site: { id: number; sitename: string };
let mine: { office: CreatedOffice; agent: CreatedAgent };
let theirs: { office: CreatedOffice; agent: CreatedAgent };
const client = uniqueName('Client ');
const theirClient = uniqueName('Other ');

async function officeWithAgent(superToken: string) {
  const office = await createOffice(superToken, { siteIds: [site.id] });
  const agent = await createAgent(superToken, {
    officeId: office.id,
    sites: [{ siteId: site.id, enable: true }],
  });
  return { office, agent };
}

before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  const sites = await api<{ id: number; sitename: string }[]>(superToken, 'GET', 'sites');
  site = sites.find((s) => s.sitename === 'CamStars') ?? sites[0];
  mine = await officeWithAgent(superToken);
  theirs = await officeWithAgent(superToken);
  await api(await apiLogin(theirs.agent.username), 'PUT', 'chat-logs', {
    clientUsername: theirClient,
    siteId: site.id,
    conversation: 'Their conversation',
  });
});
after(async () => {
  await browser.close();
});

const rows = (page: Page) => page.locator('tbody tr');

describe('chat logs', () => {
  it('an agent submits a chat log in the browser and sees it in its list', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, mine.agent.username, '/app/logs/chat');
    await page.getByRole('heading', { name: 'Chat Logs' }).waitFor();
    await page.getByText('No logs for selected period').waitFor();
    assert.equal(
      await page.getByRole('combobox', { name: 'Agent' }).count(),
      0,
      'an agent has no agent filter',
    );

    await page.getByRole('link', { name: '+ Add Chat Log' }).click();
    await page.waitForURL(/\/app\/chat-logs\/create$/);
    await page.getByRole('heading', { name: 'Add Chat Log' }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    assert.equal(await save.isDisabled(), true, 'save is disabled while the form is invalid');
    await page.getByLabel('Client Name').fill(client);
    await page.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: site.sitename, exact: true }).click();
    await page.getByLabel('Conversation').fill('Asked about the trial.\nSigned up.');
    await save.click();

    await page.waitForURL(/\/app\/logs\/chat/);
    const row = rows(page).filter({ hasText: client });
    await row.waitFor();
    const text = await row.innerText();
    // An agent's rows are all its own office: no Office column.
    assert.equal(await page.getByRole('columnheader', { name: 'Office' }).count(), 0);
    assert.match(text, new RegExp(mine.agent.username));
    assert.match(text, new RegExp(site.sitename));
    assert.match(text, /Asked about the trial\.\s+Signed up\./);
    assert.equal(await rows(page).count(), 1, 'only its own log');
    await page.context().close();
  });

  it('its office sees the log and can filter by agent; another office does not see it', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, mine.office.username, '/app/logs/chat');
    await rows(page).filter({ hasText: client }).waitFor();
    assert.equal(await rows(page).filter({ hasText: theirClient }).count(), 0);
    await page.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: mine.agent.username, exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/agentId=\d+/);
    await rows(page).filter({ hasText: client }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^chat-logs-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    // Every row is its own office: no Office column.
    assert.equal(lines[0], 'Agent,Site,Client Name,Conversation,Submit Time');
    assert.match(lines[1], new RegExp(`^${mine.agent.username},`));
    assert.equal(csv.includes(theirClient), false, "another office's log is not exported");
    await page.context().close();

    const other = await newPage(browser);
    await openSignedIn(other, theirs.office.username, '/app/logs/chat');
    await rows(other).filter({ hasText: theirClient }).waitFor();
    assert.equal(
      await rows(other).filter({ hasText: client }).count(),
      0,
      "another office's log stays hidden",
    );
    assert.equal(
      await other.getByRole('link', { name: '+ Add Chat Log' }).count(),
      0,
      'offices do not submit',
    );
    await other.context().close();
  });
});
