import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

let browser: Browser;
let page: Page;
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'super', '/app/admins');
});
after(async () => {
  await browser.close();
});

// Usernames are at most 10 characters; this spec's admin is its own (created, then edited).
const username = `a${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 4)}`;
const rowOf = (name: string) => page.locator('tbody tr').filter({ hasText: name });

describe('admins', () => {
  it('lists the demo admin with its password and email, and the add link', async () => {
    await page.goto('/app/admins');
    await page.getByRole('heading', { name: 'Admins' }).waitFor();
    const row = rowOf('admin@example.com');
    await row.waitFor();
    assert.match(await row.innerText(), /admin\s+demo1234\s+admin@example\.com/);
    for (const header of ['Username', 'Password', 'Email'])
      await page.getByRole('columnheader', { name: header }).waitFor();
    await page.getByRole('link', { name: '+ Add Admin' }).waitFor();
  });

  it('creates an admin with the approve-agents flag, who can then log in and approve', async () => {
    await page.getByRole('link', { name: '+ Add Admin' }).click();
    await page.getByRole('heading', { name: 'Add Admin' }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    assert.equal(await save.isDisabled(), true, 'save is disabled while the form is invalid');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel(/^Password/).fill('admin-pw1');
    await page.getByLabel('Confirm Password').fill('admin-pw2');
    await page.getByLabel('Confirm Password').blur();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Email').blur();
    await page.getByText('Enter a valid email').waitFor();
    assert.equal(await save.isDisabled(), true);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Confirm Password').fill('admin-pw1');
    await page.getByLabel('Approve agents').check();
    await save.click();
    await page.getByText('Operation Complete').waitFor();
    await page.waitForURL(/\/app\/admins$/);
    const row = rowOf(username);
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`${username}\\s+admin-pw1\\s+${username}@example\\.com`));

    const adminPage = await newPage(browser);
    await openSignedIn(adminPage, username, '/app/home', 'admin-pw1');
    await adminPage.getByRole('link', { name: /New Agents/ }).waitFor();
    assert.equal(
      await adminPage.getByRole('link', { name: 'Admins' }).count(),
      0,
      'admins is superadmin only',
    );
    await adminPage.close();
  });

  it('edits the admin: the username is fixed, the email and password change', async () => {
    await page.goto('/app/admins');
    await page.getByRole('link', { name: `Edit ${username}` }).click();
    await page.getByRole('heading', { name: 'Update Admin' }).waitFor();
    const name = page.getByLabel('Username');
    await page.waitForFunction((want) => {
      const input = document.querySelector<HTMLInputElement>('input[name="username"]');
      return input?.value === want;
    }, username);
    assert.equal(await name.isDisabled(), true, 'the username is fixed');
    assert.equal(await page.getByLabel('Approve agents').isChecked(), true);
    await page.getByLabel('Email').fill(`${username}@example.org`);
    await page.getByLabel(/^Password/).fill('admin-pw9');
    await page.getByLabel('Confirm Password').fill('admin-pw9');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Operation Complete').waitFor();
    await page.waitForURL(/\/app\/admins$/);
    await rowOf(`${username}@example.org`).waitFor();
    assert.match(await rowOf(username).innerText(), /admin-pw9/);
    await apiLogin(username, 'admin-pw9');
    await assert.rejects(apiLogin(username, 'admin-pw1'), 'the old password no longer works');
  });

  it('an admin cannot reach the admins list', async () => {
    const adminPage = await newPage(browser);
    await openSignedIn(adminPage, 'admin', '/app/admins');
    // The screen follows its menu rule (issue 12): no red error, just Home.
    await adminPage.waitForURL(/\/app\/home$/);
    assert.equal(await adminPage.locator('tbody tr').filter({ hasText: 'demo1234' }).count(), 0);
    await adminPage.close();
  });
});
