// Two-factor sign-in and sessions: enrol on the profile with a code computed from the shown key, log
// out, log in with two steps; the sessions list shows this session and ends another.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { dismissLoginAlert, launchBrowser, newPage, signInFromSpecAddress } from '../support/browser';
import { CAPTCHA_ANSWER } from '../support/server';
import { apiLogin, apiStatus, createAdmin, type CreatedAdmin } from '../support/api';

let browser: Browser;
let superToken: string;
let admin: CreatedAdmin;
before(async () => {
  browser = await launchBrowser();
  superToken = await apiLogin('super');
  admin = await createAdmin(superToken);
});
after(async () => {
  await browser.close();
});

/** The authenticator's code `steps` periods from now, from the key the page showed. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function passwordStep(page: Page, username: string, password: string) {
  await signInFromSpecAddress(page);
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('two-factor sign-in', () => {
  it('enrols with a code from the shown key, then logs in with two steps', async () => {
    const page = await newPage(browser);
    await passwordStep(page, admin.username, admin.password);
    await page.waitForURL(/\/app\//);
    await dismissLoginAlert(page);
    await page.goto('/app/profile');
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Set Up' }).click();
    await page.getByRole('img', { name: 'QR code of the authenticator key' }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    // It says beforehand that the other sessions end.
    await page.getByText('Turning it on ends your other sessions').waitFor();
    // A wrong code is said once, and the field is empty for the next try.
    await page.getByLabel('Code from the app').fill(codeAt(secret, 5));
    await page.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText('Wrong code, or a code already used').waitFor();
    assert.equal(await page.getByText('Wrong code, or a code already used').count(), 1);
    assert.equal(await page.getByText('Enter the 6-digit code from your authenticator app').count(), 0);
    assert.equal(await page.getByLabel('Code from the app').inputValue(), '');
    await page.getByLabel('Code from the app').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    const shown = await codes.allTextContents();
    // Copied to the clipboard, and downloaded as a text file, one code a line.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shown.join('\n') + '\n');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'recovery-codes.txt');
    assert.equal(fs.readFileSync((await download.path())!, 'utf8'), shown.join('\n') + '\n');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Recovery codes left: 10').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login/);
    await passwordStep(page, admin.username, admin.password);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    assert.match(page.url(), /\/login/, 'the password alone does not open the app');
    await page.getByLabel('Code', { exact: true }).fill('12345');
    await page.getByLabel('Code', { exact: true }).blur();
    await page.getByText('Enter the 6-digit code or a recovery code').waitFor();
    // The next step's code: the current one was taken by the enrolment.
    await page.getByLabel('Code', { exact: true }).fill(codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/app\//);
    await dismissLoginAlert(page);

    // New recovery codes, with the password and a code: the old ones stop working.
    await page.goto('/app/profile');
    await page.getByRole('button', { name: 'New Recovery Codes' }).click();
    await page.getByLabel('Current Password').last().fill('wrong-password');
    await page.getByLabel('Code or recovery code').fill(shown[1]!);
    await page.getByRole('button', { name: 'Make New Codes' }).click();
    await page.getByText('Current password is wrong').first().waitFor();
    await page.getByLabel('Current Password').last().fill(admin.password);
    await page.getByLabel('Code or recovery code').fill(shown[1]!);
    await page.getByRole('button', { name: 'Make New Codes' }).click();
    await page.getByText('New recovery codes made: the old ones no longer work').waitFor();
    const fresh = await codes.allTextContents();
    assert.equal(fresh.length, 10);
    assert.ok(!fresh.some((c) => shown.includes(c)));
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Recovery codes left: 10').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login/);
    await passwordStep(page, admin.username, admin.password);
    await page.getByLabel('Code', { exact: true }).fill(shown[2]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Wrong code, or a code already used').waitFor();
    assert.equal(await page.getByText('Wrong code, or a code already used').count(), 1);
    await page.getByLabel('Code', { exact: true }).fill(fresh[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/app\//);
    await page.close();
  });

  it('lists this session and ends another', async () => {
    const other = await createAdmin(superToken);
    const elsewhere = await apiLogin(other.username);
    const page = await newPage(browser);
    await passwordStep(page, other.username, other.password);
    await page.waitForURL(/\/app\//);
    await dismissLoginAlert(page);
    await page.goto('/app/profile');
    const table = page.getByRole('table', { name: 'Sessions' });
    await table.getByText('This session').waitFor();
    assert.equal(await table.getByRole('row').count(), 3, 'a header and two sessions');
    await table.getByRole('button', { name: 'End' }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Confirm' });
    assert.equal(await confirm.getAttribute('data-danger'), 'true', 'ending a session is red');
    await confirm.click();
    await page.getByText('Session ended', { exact: true }).waitFor();
    await table.getByRole('button', { name: 'End' }).waitFor({ state: 'detached' });
    assert.equal(await apiStatus(elsewhere, 'GET', 'accounts/me'), 401, 'the other session ended');
    assert.equal(await table.getByRole('row').count(), 2);
    await page.close();
  });
});
