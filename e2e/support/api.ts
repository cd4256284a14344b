// Direct API calls for test setup (the e2e server runs with the captcha on and a fixed test answer).
import { BASE_URL, DEMO_PASSWORD } from './browser';
import { CAPTCHA_ANSWER } from './server';

export async function apiLogin(username: string, password = DEMO_PASSWORD): Promise<string> {
  const captcha = (await (await fetch(`${BASE_URL}/api/captcha`)).json()) as { check: string };
  const res = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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
