import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { CsvExportButton } from './csv-export-button';
import { fetchCsv } from './csv-download';

const encoder = new TextEncoder();
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

/** A streamed answer whose chunks the test releases one by one. */
function streamed(chunks: string[]) {
  let allowed = 0;
  let wake: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (allowed === 0) await new Promise<void>((r) => (wake = r));
      allowed -= 1;
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
  const res = new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="click-logs-x.csv"' },
  });
  const next = () => {
    allowed += 1;
    wake();
  };
  return { res, next };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok', {
    accountId: 1,
    agentId: null,
    companyId: 1,
    role: Role.Company,
    username: 'office1',
    permissions: [],
    officeName: null,
    canDelete: false,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('fetchCsv', () => {
  it('posts the filters with the session token and counts bytes and rows as they arrive', async () => {
    const { res, next } = streamed(['\uFEFFOffice,Agent\r\n', 'a,b\r\nc,d\r\n', 'e,f\r\n']);
    fetchMock.mockResolvedValue(res);
    const seen: { rows: number; bytes: number }[] = [];
    const done = fetchCsv('click-outs/export', { companyId: 1 }, { onProgress: (p) => seen.push(p) });
    for (let i = 0; i < 4; i++) {
      await waitFor(() => expect(seen).toHaveLength(Math.min(i, 3)));
      next();
    }
    const file = await done;
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/click-outs/export');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(init.body))).toEqual({ companyId: 1 });
    expect(seen.map((p) => p.rows)).toEqual([0, 2, 3]);
    expect(file.fileName).toBe('click-logs-x.csv');
    expect(file.progress.rows).toBe(3);
    expect(await file.blob.text()).toBe('\uFEFFOffice,Agent\r\na,b\r\nc,d\r\ne,f\r\n');
  });

  it('GETs an export whose filters are in its query string when there is no body', async () => {
    fetchMock.mockResolvedValue(new Response('h\r\n1\r\n', { status: 200 }));
    const file = await fetchCsv('pay-statements/export?start=2026-01-01', undefined, {
      fallbackName: 'x.csv',
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/pay-statements/export?start=2026-01-01');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).get('content-type')).toBeNull();
    expect(file).toMatchObject({ fileName: 'x.csv', progress: { rows: 1 } });
  });

  it('rejects with the API error of a refused export', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }), { status: 404 }),
    );
    await expect(fetchCsv('click-outs/export', {})).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});

describe('CsvExportButton', () => {
  it('shows the rows received of the total while it streams, then saves the file', async () => {
    const { res, next } = streamed(['h\r\n', '1\r\n2\r\n']);
    fetchMock.mockResolvedValue(res);
    const created = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderUi(<CsvExportButton path="click-outs/export" body={() => ({ siteId: 3 })} total={4} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Exporting: 0 of 4 rows, 0.0 MB');
    next();
    next();
    await screen.findByText('Exporting: 2 of 4 rows, 0.0 MB');
    expect(screen.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    next();
    await screen.findByRole('button', { name: 'Export CSV' });
    expect(clicked).toEqual(['click-logs-x.csv']);
    expect(created).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
