// Downloads a log export: the answer is read as it streams in (bytes and rows reported on the way),
// then saved under the server's file name. Errors follow the API client's catalogue.
import { ErrorCode } from '@salesdesk/contract';
import { API_BASE, ERROR_HEADING } from '../api/client';
import { ApiError, NETWORK_ERROR, toApiError } from '../api/api-error';
import { endSession, getToken } from '../api/session-store';
import { showNote } from '../ui/notes';

export type CsvProgress = { bytes: number; rows: number };

const NEWLINE = 10;

function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

async function failure(res: Response, sentToken: string | null): Promise<ApiError> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  const err = toApiError(res.status, res.statusText, body);
  if (err.code === ErrorCode.InvalidToken) {
    if (sentToken !== null && sentToken === getToken()) endSession();
  } else showNote({ type: 'error', heading: ERROR_HEADING, body: err.message });
  return err;
}

/**
 * POSTs the log's filters to its export path (or, with no body, GETs the path, its query string holding
 * the filters) and reads the CSV as it arrives. `rows` counts line ends after the header row. Resolves
 * with the file once it is complete; an abort rejects.
 */
export async function fetchCsv(
  path: string,
  body: unknown,
  opts: { signal?: AbortSignal; onProgress?: (p: CsvProgress) => void; fallbackName?: string } = {},
): Promise<{ blob: Blob; fileName: string; progress: CsvProgress }> {
  const token = getToken();
  const get = body === undefined;
  const headers = new Headers({ Accept: 'text/csv' });
  if (!get) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(API_BASE + path, {
      method: get ? 'GET' : 'POST',
      headers,
      body: get ? undefined : JSON.stringify(body),
      signal: opts.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    showNote({ type: 'error', heading: ERROR_HEADING, body: 'The server could not be reached' });
    throw new ApiError(0, NETWORK_ERROR, 'The server could not be reached');
  }
  if (!res.ok || !res.body) throw await failure(res, token);
  const parts: Uint8Array[] = [];
  const progress: CsvProgress = { bytes: 0, rows: -1 };
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    progress.bytes += value.length;
    for (const byte of value) if (byte === NEWLINE) progress.rows += 1;
    opts.onProgress?.({ bytes: progress.bytes, rows: Math.max(0, progress.rows) });
  }
  const done = { bytes: progress.bytes, rows: Math.max(0, progress.rows) };
  const blob = new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' });
  return { blob, fileName: fileNameOf(res, opts.fallbackName ?? 'export.csv'), progress: done };
}
