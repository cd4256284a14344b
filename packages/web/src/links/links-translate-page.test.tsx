import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { LinksTranslatePage } from './links-translate-page';

const admin: TMe = {
  accountId: 1,
  agentId: null,
  companyId: null,
  role: Role.Admin,
  username: 'admin',
  permissions: [],
  officeName: null,
  canDelete: false,
};
const answer = {
  officeName: 'Manila Central',
  agentName: 'agent01',
  agentEmail: 'agent01@example.com',
  siteName: 'Dating One',
  siteUrl: 'https://dating.example',
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const lookups = () => fetchMock.mock.calls.map(([url]) => url).filter((u) => u.includes('links/translate'));

beforeEach(() => {
  startSession('tok', admin);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(answer)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const type = (text: string) => fireEvent.change(screen.getByLabelText('Link'), { target: { value: text } });

describe('LinksTranslatePage', () => {
  it('decodes a link, looks it up once, and clears everything when the pattern goes', async () => {
    renderUi(<LinksTranslatePage />, { route: '/app/links/links-translate', query: true });
    type('see https://go.example/api/links/go/4/11/7?x=1 please');
    expect(value('Site ID')).toBe('4');
    expect(value('Agent Id')).toBe('7');
    await waitFor(() => expect(value('Office Name')).toBe('Manila Central'));
    expect(value('Agent Name')).toBe('agent01');
    expect(value('Agent Email')).toBe('agent01@example.com');
    expect(value('Site Name')).toBe('Dating One');
    expect(value('Site Url')).toBe('https://dating.example');
    expect(lookups()).toHaveLength(1);
    expect(lookups()[0]).toContain('siteId=4');
    expect(lookups()[0]).toContain('typeId=11');
    expect(lookups()[0]).toContain('agentId=7');

    type('api/links/go/4/x/7');
    for (const label of [
      'Site ID',
      'Agent Id',
      'Office Name',
      'Agent Name',
      'Agent Email',
      'Site Name',
      'Site Url',
    ])
      expect(value(label)).toBe('');
    await new Promise((r) => setTimeout(r, 400));
    expect(lookups()).toHaveLength(1);
  });
});
