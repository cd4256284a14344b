// The session and rows the sale logs' tests share (test code: imported by tests only).
import { Role, type TMe, type TSaleLogRow } from '@salesdesk/contract';

export const meAs = (role: Role, permissions: string[] = []): TMe => ({
  accountId: 2,
  agentId: null,
  companyId: role === Role.Company ? 1 : null,
  role,
  username: 'someone',
  permissions,
  officeName: null,
  canDelete: false,
});

export const saleRow = (over: Partial<TSaleLogRow> = {}): TSaleLogRow => ({
  id: 9,
  date: '2024-02-03T15:30:00.000Z',
  customerEmail: 'buyer@example.com',
  officeName: 'Manila Central',
  agent: 'agent01',
  sitename: 'Cams',
  typename: 'Main',
  earning: '10.00',
  payout: '1200.50',
  clickId: 77,
  eventType: 1,
  status: 'approved',
  note: null,
  reversesId: null,
  referer: 'https://ads.example/',
  ...over,
});
