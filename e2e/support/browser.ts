// Debian's Chromium driven by playwright-core, and the steps most specs share.
import fs from 'node:fs';
import {
  chromium,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Page,
  type Response,
} from 'playwright-core';
import { STORAGE_KEYS, type TCaptcha, type TLoginAlerts, type TLoginAnswer } from '@salesdesk/contract';
import { markAlertRead, pickLoginAlert } from '@salesdesk/web/src/session/login-alert-rules';
import { LOGIN_URLS, SPEC_LOGIN_HEADERS } from './address';
import { CAPTCHA_ANSWER } from './server';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * The browser: Debian's headless shell when installed (package chromium-headless-shell, the same Blink
 * and V8 as its Chromium, without the browser's window layer; Playwright's own default for headless
 * runs), else Debian's Chromium; CHROMIUM_PATH chooses. The whole suite took 310 s and 472 s of CPU with
 * the shell against 410 s and 715 s with Chromium, one after the other on the idle two-core machine,
 * every test passing with both.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const DEMO_PASSWORD = 'demo1234';
/**
 * How long a wait for the app's answer may last: a hang backstop, not a speed check. Such a wait ends with
 * the answer, however busy the machine; a fixed few seconds was outrun while other work held both cores.
 */
export const ANSWER_BACKSTOP_MS = 600_000;
/**
 * How long a step (a click, a wait for what the page shows) may take before it fails. It ends as soon as
 * the page shows it; a list's first load took over 15 s in a fresh-clone run, with the PGlite tests
 * holding both cores beside the browser tests (2.3 s on the idle machine).
 */
export const STEP_TIMEOUT_MS = 60_000;

/** The app's next answer to `method /api/{api}` (the path without the query). */
export function appAnswer(page: Page, method: string, api: string): Promise<Response> {
  return page.waitForResponse(
    (r) => r.request().method() === method && new URL(r.url()).pathname === `/api/${api}`,
    { timeout: ANSWER_BACKSTOP_MS },
  );
}

/**
 * Waits until the page's list has loaded its first rows (its table says it is no longer busy): the
 * loaded state the page signals, with the hang backstop, however busy the machine.
 */
export async function listLoaded(page: Page): Promise<void> {
  await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor({ timeout: ANSWER_BACKSTOP_MS });
}

/**
 * Waits until every list of the page has loaded (listLoaded, then no table still busy): for a page of
 * several tables measured whole. A table still loading has one placeholder cell, which a measure would
 * take for its first column (a run beside two busy loops read the Top Agents page so).
 */
export async function allListsLoaded(page: Page): Promise<void> {
  await listLoaded(page);
  await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'), undefined, {
    timeout: ANSWER_BACKSTOP_MS,
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Wide enough that no column of a list gives way to its row detail (the table rule), whatever the
 * machine's fonts: for a spec that reads a table's whole header.
 */
export const WIDE = { width: 1920, height: 1000 };

/**
 * Every spec's browser context: the app's address, and less motion asked of the system, so that menus,
 * dialogs and notes appear without their transitions (the theme respects it) and Chromium, which renders
 * without a GPU here, does not draw each frame of them.
 */
export const CONTEXT = { baseURL: BASE_URL, reducedMotion: 'reduce' } as const;

export async function newPage(browser: Browser, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ ...CONTEXT, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return page;
}

/** A page whose context may use the clipboard (a Copy button writes it, the spec reads it back). */
export async function clipboardPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...CONTEXT,
    viewport: { width: 1366, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return { context, page };
}

const routed = new WeakSet<Page>();
/** Each page's next answer to the app's login-alerts request, awaited from the sign-in on. */
const alertsAnswers = new WeakMap<Page, Promise<Response>>();

/** The page's sign-ins carry this spec process's address (support/address.ts), however its context was made. */
export async function signInFromSpecAddress(page: Page) {
  // The app asks once signed in; the wait ends with its answer.
  const answer = appAnswer(page, 'GET', 'alerts/login');
  answer.catch(() => undefined); // a page closed before signing in
  alertsAnswers.set(page, answer);
  if (routed.has(page)) return;
  routed.add(page);
  await page.route(LOGIN_URLS, (route) =>
    route.continue({ headers: { ...route.request().headers(), ...SPEC_LOGIN_HEADERS } }),
  );
}

/** Fills the real login form (captcha on, with the test-only fixed answer) and waits for the app. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD) {
  await signIn(page, username, password, '/login', /\/app\//);
}

/**
 * Signs in as `loginAs` does and lands on `path` (an /app path) the way a person sent to sign in first
 * does: the login page's returnUrl, followed inside the app. One page load fewer than signing in and
 * then opening the path, and no Home drawn in between.
 */
export async function openAs(page: Page, username: string, path: string, password = DEMO_PASSWORD) {
  const login = `/login?${new URLSearchParams({ returnUrl: path }).toString()}`;
  // Left the login page: on `path`, or where the app sends a role that may not open it.
  await signIn(page, username, password, login, (url) => url.pathname !== '/login');
}

async function signIn(
  page: Page,
  username: string,
  password: string,
  loginPath: string,
  landed: RegExp | ((url: URL) => boolean),
) {
  await signInFromSpecAddress(page);
  await page.goto(loginPath);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(landed);
  await dismissLoginAlert(page);
}

/**
 * Opens `path` (an /app path) already signed in as `username`, for a spec whose subject is not signing in:
 * the sign-in goes through the API (as the login form's does: captcha, this spec process's address, the
 * browser's user agent), and the page's first document starts with the storage the app writes on a real
 * login and `dismissLoginAlert` leaves: the token, the profile as GET accounts/me answered it, and the
 * login alert the app would have shown marked read for this account. One page load and no form, where
 * `openAs` loads the login page, fills it and then draws `path`. The storage goes into that one document
 * only, so a later logout or sign-in in the page is the app's own. Lands where the app sends the role
 * (`path`, or Home with a note when the role may not open it).
 */
export async function openSignedIn(page: Page, username: string, path: string, password = DEMO_PASSWORD) {
  const { token, me, alerts } = await signInThroughApi(page, username, password);
  const { accountId } = JSON.parse(me) as { accountId: number };
  const alertState = await storedAlertState(page.context());
  // What the app shows after this login, and what dismissing it writes (session/login-alert.ts).
  const picked = pickLoginAlert(alerts, alertState[String(accountId)] ?? {}, accountId);
  if (picked) alertState[String(accountId)] = markAlertRead(alertState[String(accountId)] ?? {}, picked.key);
  const session = {
    origin: new URL(BASE_URL).origin,
    items: [
      [STORAGE_KEYS.token, token],
      // As session-storage.ts writeSession stores it: the answer's JSON, stringified again.
      [STORAGE_KEYS.me, JSON.stringify(JSON.parse(me))],
      ...(picked ? [[STORAGE_KEYS.alertState, JSON.stringify(alertState)]] : []),
    ],
  };
  const seed = await page.addInitScript((s: typeof session) => {
    if (location.origin !== s.origin || window !== window.top) return;
    for (const [key, value] of s.items) localStorage.setItem(key, value);
  }, session);
  try {
    await page.goto(path);
  } finally {
    await seed.dispose();
  }
}

/** POST auth/login as the login form sends it, then what the app asks with the new token. */
async function signInThroughApi(page: Page, username: string, password: string) {
  const request = page.context().request;
  const json = async <T>(res: APIResponse, what: string): Promise<T> => {
    if (!res.ok()) throw new Error(`${what} as ${username}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
  let answer: APIResponse;
  for (;;) {
    const captcha = await json<TCaptcha>(await request.get('/api/captcha'), 'GET captcha');
    answer = await request.post('/api/auth/login', {
      headers: SPEC_LOGIN_HEADERS,
      data: { username, password, captchaString: CAPTCHA_ANSWER, captchaCheck: captcha.check },
    });
    // The sign-in limit per address (support/address.ts): API sign-ins come quicker than the form's.
    if (answer.status() !== 429) break;
    const wait = Number(answer.headers()['retry-after'] ?? '5');
    await new Promise((r) => setTimeout(r, (Number.isFinite(wait) ? wait : 5) * 1000));
  }
  const { token, secondFactor } = await json<TLoginAnswer>(answer, 'POST auth/login');
  if (secondFactor !== 'complete')
    throw new Error(`${username} owes a second factor (${secondFactor}): sign in with the form`);
  const headers = { authorization: `Bearer ${token}` };
  const meAnswer = await request.get('/api/accounts/me', { headers });
  if (!meAnswer.ok()) throw new Error(`GET accounts/me as ${username}: ${meAnswer.status()}`);
  const me = await meAnswer.text();
  const alerts = await json<TLoginAlerts>(
    await request.get('/api/alerts/login', { headers }),
    'GET alerts/login',
  );
  return { token, me, alerts };
}

/** The browser's stored login-alert read state (its `alert-state` value), each account's as the app reads it. */
async function storedAlertState(context: BrowserContext): Promise<Record<string, Record<string, true>>> {
  const origin = new URL(BASE_URL).origin;
  const stored = (await context.storageState()).origins
    .find((o) => o.origin === origin)
    ?.localStorage.find((i) => i.name === STORAGE_KEYS.alertState)?.value;
  const all: Record<string, Record<string, true>> = {};
  let raw: unknown = null;
  try {
    raw = stored ? (JSON.parse(stored) as unknown) : null;
  } catch {
    // A broken value reads as nothing read, as in the app.
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return all;
  for (const [account, value] of Object.entries(raw)) {
    if (!/^\d+$/.test(account) || !value || typeof value !== 'object' || Array.isArray(value)) continue;
    const read: Record<string, true> = {};
    for (const [key, flag] of Object.entries(value)) if (flag === true) read[key] = true;
    all[account] = read;
  }
  return all;
}

/**
 * The demo data has a common login alert; a fresh browser shows it once after login. Whether the app opens
 * it follows from its answer to the alerts request and the browser's read state, as the app decides it.
 */
export async function dismissLoginAlert(page: Page) {
  const answer = await (alertsAnswers.get(page) ?? Promise.reject(new Error('sign in first')));
  alertsAnswers.delete(page);
  const alerts = (await answer.json()) as TLoginAlerts;
  const { accountId, read } = await page.evaluate((keys) => {
    const me = JSON.parse(localStorage.getItem(keys.me) ?? 'null') as { accountId: number } | null;
    const states = JSON.parse(localStorage.getItem(keys.alertState) ?? '{}') as Record<
      string,
      Record<string, true>
    >;
    return { accountId: me?.accountId ?? 0, read: states[String(me?.accountId)] ?? {} };
  }, STORAGE_KEYS);
  if (!pickLoginAlert(alerts, read, accountId)) return;
  await page.getByRole('dialog').getByRole('button', { name: 'Enter' }).click();
  // The modal animates out; wait until it is gone so later checks see the page itself.
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}
