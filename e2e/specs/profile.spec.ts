import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { SHOW_SUSPEND_HINT } from '@salesdesk/contract';
import { launchBrowser, newPage, openAs, openSignedIn } from '../support/browser';
import {
  api,
  apiLogin,
  apiStatus,
  createAdmin,
  createAgent,
  createOffice,
  type CreatedOffice,
} from '../support/api';

let browser: Browser;
let superToken: string;
let office: CreatedOffice;
before(async () => {
  browser = await launchBrowser();
  superToken = await apiLogin('super');
  office = await createOffice(superToken);
});
after(async () => {
  await browser.close();
});

/** Profile as `username`; `form` signs in through the login form (a test about that very session). */
async function openProfile(username: string, password?: string, form = false): Promise<Page> {
  const page = await newPage(browser);
  await (form ? openAs : openSignedIn)(page, username, '/app/profile', password);
  await page.getByRole('heading', { name: 'Profile' }).waitFor();
  return page;
}

describe('profile', () => {
  it("an admin's 'Show suspended' says what it does", async () => {
    const admin = await createAdmin(superToken);
    const page = await openProfile(admin.username, admin.password);
    await page.getByRole('checkbox', { name: 'Show suspended' }).waitFor();
    await page.getByText(SHOW_SUSPEND_HINT).waitFor();
    await page.close();
  });

  it('an agent changes its password: its other sessions end, this one goes on', async () => {
    const agent = await createAgent(superToken, { officeId: office.id });
    const other = await apiLogin(agent.username);
    // Its subject is the sessions of a password change: this one starts on the login form, as a person's.
    const page = await openProfile(agent.username, undefined, true);
    // The password's own form: the agent's Profile also has the payout details' (issue 36), with its own
    // Current Password and Save payout details.
    const form = page.locator('form').filter({ has: page.getByLabel('Confirm Password') });
    const save = form.getByRole('button', { name: 'Save', exact: true });
    await page.getByText('At least 8 characters').waitFor();
    await page.getByLabel(/^Password/).fill('short1');
    await page.getByLabel(/^Password/).blur();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel(/^Password/).fill('changed12');
    await page.getByLabel('Confirm Password').fill('changed13');
    await page.getByLabel('Confirm Password').blur();
    await page.getByText('Passwords do not match').waitFor();
    assert.equal(await save.isDisabled(), true, 'save is disabled while the form is invalid');
    await page.getByLabel('Confirm Password').fill('changed12');
    // A wrong current password is said on its field, and the password stays as it was.
    await form.getByLabel(/^Current Password/).fill('not-the-one');
    await save.click();
    await form.getByText('Current password is wrong').waitFor();
    assert.equal(await apiStatus(other, 'GET', 'accounts/me'), 200, 'nothing changed');
    await form.getByLabel(/^Current Password/).fill(agent.password);
    await save.click();
    await page.getByText('Operation Complete').waitFor();
    assert.equal(await apiStatus(other, 'GET', 'accounts/me'), 401, 'the other session ended');
    // This session still works: a reload keeps it and the page's calls succeed.
    await page.reload();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.goto('/app/logs/chat');
    await page.waitForURL(/\/app\/logs\/chat/);
    assert.doesNotMatch(page.url(), /\/login/);
    await apiLogin(agent.username, 'changed12');
    await page.close();
  });

  it('an office edits its office profile; the manager email is required', async () => {
    const own = await createOffice(superToken);
    const page = await openProfile(own.username);
    await page.getByLabel('Office Name').waitFor();
    assert.equal(await page.getByLabel('Office Name').inputValue(), own.officeName);
    assert.equal(await page.getByRole('checkbox', { name: 'Active' }).isDisabled(), true);
    await page.getByLabel('Manager Email').fill('');
    await page.getByLabel('Manager Email').blur();
    await page.getByText('Manager email is required').waitFor();
    await page.getByLabel('Manager Email').fill('manager@example.com');
    await page.getByLabel('Office Name').fill(`${own.officeName} Renamed`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Operation Complete').waitFor();
    const saved = await api<{ officeName: string; manEmail: string }>(
      await apiLogin(own.username),
      'GET',
      'profile/company',
    );
    assert.deepEqual(
      [saved.officeName, saved.manEmail],
      [`${own.officeName} Renamed`, 'manager@example.com'],
    );
    await page.close();
  });

  it("an admin edits its email and 'Show suspended'", async () => {
    const admin = await createAdmin(superToken);
    const page = await openProfile(admin.username);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await page.getByText('Enter a valid email').waitFor();
    await page.getByLabel('Email').fill(`${admin.username}.new@example.com`);
    await page.getByRole('checkbox', { name: 'Show suspended' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Operation Complete').waitFor();
    const saved = await api<{ email: string; showSuspend: boolean }>(
      await apiLogin(admin.username),
      'GET',
      'profile/admin',
    );
    assert.deepEqual(saved, {
      username: admin.username,
      email: `${admin.username}.new@example.com`,
      showSuspend: true,
    });
    await page.close();
  });

  it('/spike is a page of /app with only an html input', async () => {
    const agent = await createAgent(superToken, { officeId: office.id });
    const page = await newPage(browser);
    await openSignedIn(page, agent.username, '/spike');
    await page.waitForURL(/\/app\/spike$/);
    await page.getByText('Html', { exact: true }).waitFor();
    await page.locator('.ProseMirror').waitFor();
    await page.close();
  });
});
