// Two-factor sign-in and sessions: enrol on the profile with a code computed from the shown key, log
// out, log in with two steps; the sessions list shows this session and ends another.
import assert from 'node:assert/strict';
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
    // A wrong code is said on its field.
    await page.getByLabel('Code from the app').fill(codeAt(secret, 5));
    await page.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText('Wrong code, or a code already used').first().waitFor();
    await page.getByLabel('Code from the app').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
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
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Operation Complete').waitFor();
    await table.getByRole('button', { name: 'End' }).waitFor({ state: 'detached' });
    assert.equal(await apiStatus(elsewhere, 'GET', 'accounts/me'), 401, 'the other session ended');
    assert.equal(await table.getByRole('row').count(), 2);
    await page.close();
  });
});
