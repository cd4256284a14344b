// The fetch client: base /api/, Bearer token, no-cache, and the error mapping of spec 1 section 8.
import { ErrorCode } from '@salesdesk/contract';
import { showNote } from '../ui/notes';
import { endSession, getToken } from './session-store';
import { ApiError, NETWORK_ERROR, toApiError } from './api-error';
import { withQuery, type QueryParams } from './query-string';

export { ApiError, fieldErrors, isApiError, isValidationError } from './api-error';
export { toQueryString } from '@salesdesk/contract';

export const API_BASE = '/api/';
export const ERROR_HEADING = 'Something Went Wrong';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ApiOptions {
  /** Do not show the red note for errors other than INVALID_TOKEN and VALIDATION_ERROR. */
  silent?: boolean;
  /** Query parameters, encoded with toQueryString. */
  query?: QueryParams;
  signal?: AbortSignal;
  /** Use this token instead of the session's (login fetches the profile before storing it). */
  token?: string;
  /**
   * A call that needs no session (captcha, login, forgot, remote login, brand): it sends no token, so a
   * stale one in storage cannot make it fail, and an INVALID_TOKEN answer does not end the session.
   */
  public?: boolean;
}

const apiUrl = (path: string, query?: QueryParams) => withQuery(API_BASE + path.replace(/^\/+/, ''), query);

function baseHeaders(token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Cache-Control': 'no-cache' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const tokenFor = (opts: ApiOptions) => (opts.public ? null : (opts.token ?? getToken()));

/** Applies the error catalogue, then rethrows so callers can still react. */
function report(err: ApiError, opts: ApiOptions, sentToken: string | null): never {
  if (err.code === ErrorCode.InvalidToken) {
    // Only the session that was refused ends: a call still carrying the token a password change just
    // replaced must not end the new session, and a public call never ends one.
    if (!opts.public && sentToken !== null && sentToken === getToken()) endSession();
  } else if (err.code !== ErrorCode.Validation && !opts.silent) {
    showNote({ type: 'error', heading: ERROR_HEADING, body: err.message });
  }
  throw err;
}

async function send<T>(
  url: string,
  init: RequestInit,
  opts: ApiOptions,
  sentToken: string | null,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: opts.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    return report(new ApiError(0, NETWORK_ERROR, 'The server could not be reached'), opts, sentToken);
  }
  const body = await readBody(res);
  if (!res.ok) return report(toApiError(res.status, res.statusText, body), opts, sentToken);
  return body as T;
}

/** Calls the API and resolves with the parsed JSON answer (undefined for an empty one). */
export function apiFetch<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  opts: ApiOptions = {},
): Promise<T> {
  const token = tokenFor(opts);
  const headers = baseHeaders(token);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  return send<T>(apiUrl(path, opts.query), init, opts, token);
}

/** Uploads one file as multipart form data (field 'file'); the answer holds its URL. */
export function apiUpload(path: string, file: File, opts: ApiOptions = {}): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  // No Content-Type: the browser sets the multipart boundary.
  const token = tokenFor(opts);
  const init: RequestInit = { method: 'POST', headers: baseHeaders(token), body: form };
  return send<{ url: string }>(apiUrl(path, opts.query), init, opts, token);
}
