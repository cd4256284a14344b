// Direct API calls for test setup (the e2e server runs with the captcha on and a fixed test answer).
import { BASE_URL, DEMO_PASSWORD } from './browser';
import { SPEC_LOGIN_HEADERS } from './address';
import { CAPTCHA_ANSWER } from './server';

export async function apiLogin(username: string, password = DEMO_PASSWORD): Promise<string> {
  const captcha = (await (await fetch(`${BASE_URL}/api/captcha`)).json()) as { check: string };
  const res = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...SPEC_LOGIN_HEADERS },
    body: JSON.stringify({ username, password, captchaString: CAPTCHA_ANSWER, captchaCheck: captcha.check }),
  });
  if (!res.ok) throw new Error(`API login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A name no other spec, run or rerun against the same server uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export type CreatedOffice = { id: number; username: string; officeName: string; password: string };

/**
 * An office of the spec's own (PUT /api/offices as superadmin), so a spec that suspends, edits or
 * hides never touches the shared demo rows. `overrides` are ZOfficeCreate fields.
 */
export async function createOffice(
  superToken: string,
  overrides: Record<string, unknown> = {},
): Promise<CreatedOffice> {
  const username = uniqueName('e2e');
  const body = {
    officeName: `E2E ${username}`,
    username,
    manFirstName: 'Test',
    manLastName: 'Office',
    password: DEMO_PASSWORD,
    passwordConfirm: DEMO_PASSWORD,
    ...overrides,
  };
  const { id } = await api<{ id: number }>(superToken, 'PUT', 'offices', body);
  return { id, username: body.username, officeName: body.officeName, password: body.password };
}

export type CreatedAgent = { id: number; username: string; password: string };

/** A username of at most 10 characters (the agent limit) no other run uses. */
export const shortName = (prefix: string) =>
  `${prefix}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 10);

/**
 * An agent of the spec's own (PUT /api/agents as a superadmin, admin or office; an office's agent is
 * always its own, an admin's needs `officeId`). `overrides` are ZAgentCreate fields.
 */
export async function createAgent(
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<CreatedAgent> {
  const body = {
    firstName: 'Test',
    lastName: 'Agent',
    username: shortName('g'),
    password: DEMO_PASSWORD,
    passwordConfirm: DEMO_PASSWORD,
    ...overrides,
  };
  const { id } = await api<{ id: number }>(token, 'PUT', 'agents', body);
  return { id, username: body.username, password: body.password };
}

export type CreatedAdmin = { id: number; username: string; password: string };

/** An admin of the spec's own (PUT /api/admins as superadmin). `overrides` are ZAdminCreate fields. */
export async function createAdmin(
  superToken: string,
  overrides: Record<string, unknown> = {},
): Promise<CreatedAdmin> {
  const username = shortName('a');
  const body = {
    username,
    email: `${username}@example.com`,
    password: DEMO_PASSWORD,
    passwordConfirm: DEMO_PASSWORD,
    ...overrides,
  };
  const { id } = await api<{ id: number }>(superToken, 'PUT', 'admins', body);
  return { id, username: body.username, password: body.password };
}

/** The status of a call as `token` (e.g. 401 once a session has ended), without throwing. */
export async function apiStatus(token: string, method: string, path: string): Promise<number> {
  const res = await fetch(`${BASE_URL}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

export type CreatedSite = { id: number; sitename: string; typeIds: number[]; postbackToken: string };

/**
 * A site of the spec's own (PUT /api/sites as superadmin) with one link type per `types` entry
 * (PUT /api/types; default: one 'Main' type). `overrides` are ZSiteForm fields, `types` ZLinkTypeUpdate ones.
 */
export async function createSite(
  superToken: string,
  overrides: Record<string, unknown> = {},
  types: Record<string, unknown>[] = [{}],
): Promise<CreatedSite> {
  const name = uniqueName('site');
  const body = {
    sitename: `E2E ${name}`,
    shortname: name.slice(0, 16),
    abbr: name.slice(-10),
    url: `https://${name}.example`,
    type: 'DATING',
    ...overrides,
  };
  const { id } = await api<{ id: number }>(superToken, 'PUT', 'sites', body);
  const typeIds: number[] = [];
  for (const [i, type] of types.entries()) {
    const typeBody = {
      typename: i === 0 ? 'Main' : `Type ${i + 1}`,
      typealias: `t${i + 1}`,
      username: 'e2e',
      url: `https://${name}.example/join?t=${i + 1}`,
      ...type,
      siteId: id,
    };
    typeIds.push((await api<{ id: number }>(superToken, 'PUT', 'types', typeBody)).id);
  }
  const { postbackToken } = await api<{ postbackToken: string }>(superToken, 'GET', `sites/${id}`);
  return { id, sitename: body.sitename, typeIds, postbackToken };
}

/** One click on the agent's tracking link, as a person's browser (events.ts). */
export { clickLink } from './events';

/** `count` sales (or bonus events) of a click through the site's postback, each with its own txId. */
export async function postSales(
  site: { id: number; postbackToken: string },
  clickId: number,
  count: number,
  event: 'sale' | 'bonus' = 'sale',
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const query = new URLSearchParams({
      token: site.postbackToken,
      clickId: String(clickId),
      event,
      txId: uniqueName('tx'),
    });
    const res = await fetch(`${BASE_URL}/api/postback/${site.id}?${query}`);
    if (!res.ok) throw new Error(`postback ${site.id}: ${res.status} ${await res.text()}`);
  }
}
