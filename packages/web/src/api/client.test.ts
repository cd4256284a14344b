import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, STORAGE_KEYS, type TMe } from '@salesdesk/contract';

const showNote = vi.fn();
vi.mock('../ui/notes', () => ({ showNote }));

const { apiFetch, apiUpload, ApiError, fieldErrors } = await import('./client');
const { getSession, startSession } = await import('./session-store');
const authApi = await import('./auth-api');
const { queryClient, CAPTCHA_KEY } = await import('./query-client');

const me: TMe = {
  accountId: 1,
  agentId: null,
  companyId: null,
  role: Role.Admin,
  username: 'admin',
  permissions: [],
  officeName: null,
  canDelete: false,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  showNote.mockClear();
  startSession('tok-1', me);
});
afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('sends the Bearer token, no-cache and JSON to /api/ with the query string', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(
      apiFetch('POST', 'offices/search', { page: 1 }, { query: { a: 1, b: null } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/offices/search?a=1');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"page":1}');
  });

  it('shows a red note for an ordinary error and throws an ApiError', async () => {
    fetchMock.mockResolvedValue(json(409, { code: 'CONFLICT', message: 'Username taken' }));
    const err = await apiFetch('PUT', 'agents', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Username taken' });
    expect(showNote).toHaveBeenCalledWith({
      type: 'error',
      heading: 'Something Went Wrong',
      body: 'Username taken',
    });
  });

  it('stays quiet when silent', async () => {
    fetchMock.mockResolvedValue(json(500, { code: 'INTERNAL', message: 'Boom' }));
    await expect(apiFetch('GET', 'dashboard', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(showNote).not.toHaveBeenCalled();
  });

  it('leaves VALIDATION_ERROR to the form', async () => {
    const data = { username: ['Required'], _form: ['Check the fields'] };
    fetchMock.mockResolvedValue(json(400, { code: 'VALIDATION_ERROR', message: 'Invalid', data }));
    const err = await apiFetch('PUT', 'agents', {}).catch((e: unknown) => e);
    expect(fieldErrors(err)).toEqual(data);
    expect(showNote).not.toHaveBeenCalled();
  });

  it('ends the session on INVALID_TOKEN', async () => {
    fetchMock.mockResolvedValue(json(401, { code: 'INVALID_TOKEN', message: 'Expired' }));
    await expect(apiFetch('GET', 'accounts/me')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toMatchObject({ token: null, me: null, ended: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(showNote).not.toHaveBeenCalled();
  });

  it('a refused call carrying a token that was replaced meanwhile keeps the new session', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const inFlight = apiFetch('GET', 'accounts/unapproved/count').catch((e: unknown) => e);
    startSession('tok-2', me); // a password change answered a new token for this session
    answer(json(401, { code: 'INVALID_TOKEN', message: 'Expired' }));
    expect(await inFlight).toBeInstanceOf(ApiError);
    expect(getSession()).toMatchObject({ token: 'tok-2' });
  });

  it('reports a non-envelope failure with its status', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('GET', 'x', undefined, { silent: true })).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
    });
  });
});

describe('public calls', () => {
  const authHeader = (call: number) =>
    new Headers((fetchMock.mock.calls[call] as [string, RequestInit])[1].headers).get('Authorization');

  it('send no token, so a stale one in storage cannot fail captcha, login, forgot, remote login or brand', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { image: '', check: '', token: 't' })));
    await authApi.fetchCaptcha();
    await authApi.login({ username: 'a', password: 'b' });
    await authApi.forgot({ username: 'a', email: 'a@b.io' });
    await authApi.loginRemote('one-time');
    await authApi.fetchBrand();
    expect(fetchMock.mock.calls.map((_, i) => authHeader(i))).toEqual([null, null, null, null, null]);
    await authApi.fetchLoginAlerts();
    expect(authHeader(5)).toBe('Bearer tok-1');
  });

  it('an INVALID_TOKEN answer to a public call keeps the session and the captcha', async () => {
    queryClient.setQueryData(CAPTCHA_KEY, { image: 'data:x', check: 'c' });
    fetchMock.mockResolvedValue(json(401, { code: 'INVALID_TOKEN', message: 'Expired' }));
    await expect(authApi.login({ username: 'a', password: 'b' })).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
    expect(getSession()).toMatchObject({ token: 'tok-1', ended: false });
    expect(queryClient.getQueryData(CAPTCHA_KEY)).toEqual({ image: 'data:x', check: 'c' });
  });

  it('the end of a session (INVALID_TOKEN on a private call) keeps the captcha', async () => {
    queryClient.setQueryData(CAPTCHA_KEY, { image: 'data:x', check: 'c' });
    queryClient.setQueryData(['offices', 'list'], { items: [], total: 0 });
    fetchMock.mockResolvedValue(json(401, { code: 'INVALID_TOKEN', message: 'Expired' }));
    await expect(apiFetch('GET', 'accounts/me')).rejects.toBeInstanceOf(ApiError);
    expect(getSession().ended).toBe(true);
    expect(queryClient.getQueryData(CAPTCHA_KEY)).toEqual({ image: 'data:x', check: 'c' });
    expect(queryClient.getQueryData(['offices', 'list'])).toBeUndefined();
  });
});

describe('apiUpload', () => {
  it('posts multipart with the file under "file"', async () => {
    fetchMock.mockResolvedValue(json(200, { url: '/api/files/1.png' }));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await expect(apiUpload('files/image', file)).resolves.toEqual({ url: '/api/files/1.png' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/files/image');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(new Headers(init.headers).get('Content-Type')).toBeNull();
  });
});
