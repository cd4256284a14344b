// One sample request per /api route, for the route matrix test. A new route adds its line here.
import { PASSWORD } from './factories';
import type { Tenant, World } from './route-world';
import { flushClicks, recordClick } from '../tracking/service';
import { mintToken } from '../auth/service';
import { buildAgent } from './factories';
import { getLastAlert, getLastNews } from '../news/service';
import { sitesSamples } from './sites-samples';
import { settingsSamples } from './manuals-settings-samples';
import { feesDomainsSamples } from './fees-domains-samples';
import { logsSamples } from './logs-samples';
import { officeStatsSamples } from './office-stats-samples';
import { statsSamples } from './stats-samples';

export interface SampleRequest {
  /** Path after /api/, with its query string. */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  payload?: Buffer | string;
}

export interface RouteSample {
  /** A valid request aimed at tenant `t` (the caller's own, or another office's). */
  build: (w: World, t: Tenant) => SampleRequest | Promise<SampleRequest>;
  /** The request names a tenant's ids: an office or an agent aiming at another office gets 404. */
  tenantIds?: boolean;
  /** Answers a permitted call may give besides 2xx and 3xx. */
  alsoOk?: number[];
}

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'matrixboundary';
const multipartImage = (): SampleRequest['payload'] =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

async function clickOf(w: World, t: Tenant): Promise<number> {
  const click = await recordClick(w.ctx, {
    siteId: t.siteId,
    typeId: t.typeId,
    agentId: t.agentId,
    ip: '10.9.8.7',
    time: new Date(),
  });
  if (!click) throw new Error('the matrix tenant cannot click');
  await flushClicks(w.ctx);
  return click.clickId;
}

const officeForm = (name: string, t: Tenant) => ({
  officeName: name,
  manFirstName: 'Matrix',
  manLastName: 'Test',
  siteIds: [t.siteId],
  active: true,
});

// The matrix agent's own values again, so later samples (login, forgot) still see it as it was.
const agentForm = (t: Tenant) => ({
  officeId: t.officeId,
  firstName: 'Ag',
  lastName: t.agentUsername,
  email: `${t.agentUsername}@example.com`,
  sites: [{ siteId: t.siteId, enable: true }],
  active: true,
});

export const samples: Record<string, RouteSample> = {
  // Session and account
  'GET /api/brand': { build: () => ({ url: 'brand' }) },
  'GET /api/captcha': { build: () => ({ url: 'captcha' }) },
  'POST /api/auth/login': {
    build: (_w, t) => ({ url: 'auth/login', body: { username: t.agentUsername, password: PASSWORD } }),
  },
  'POST /api/auth/login-remote': {
    build: async (w, t) => ({
      url: 'auth/login-remote',
      body: { token: await mintToken(w.ctx, t.agentAccountId, w.superAccountId, 60_000) },
    }),
  },
  'POST /api/auth/remote-token': {
    build: (_w, t) => ({ url: 'auth/remote-token', body: { accountId: t.agentAccountId } }),
  },
  'POST /api/auth/logout': { build: () => ({ url: 'auth/logout' }) },
  'POST /api/forgot': {
    build: (_w, t) => ({ url: 'forgot', body: { username: t.agentUsername, email: 'nobody@example.com' } }),
  },
  'GET /api/accounts/me': { build: () => ({ url: 'accounts/me' }) },
  'GET /api/alerts/login': { build: () => ({ url: 'alerts/login' }) },
  'GET /api/accounts/unapproved/count': { build: () => ({ url: 'accounts/unapproved/count' }) },

  // Offices
  'POST /api/offices/search': { build: () => ({ url: 'offices/search', body: {} }) },
  'POST /api/offices/status': {
    build: (_w, t) => ({ url: 'offices/status', body: { ids: [t.officeId], hidden: false } }),
  },
  'GET /api/offices/:id': { build: (_w, t) => ({ url: `offices/${t.officeId}` }), tenantIds: true },
  'PUT /api/offices': {
    build: (w, t) => {
      const username = w.unique('m');
      return {
        url: 'offices',
        body: {
          ...officeForm(`Matrix ${username}`, t),
          username,
          password: 'pw123456',
          passwordConfirm: 'pw123456',
        },
      };
    },
  },
  'POST /api/offices/:id': {
    build: (_w, t) => ({ url: `offices/${t.officeId}`, body: officeForm(`Office ${t.officeId}`, t) }),
    tenantIds: true,
  },
  'GET /api/companies': { build: () => ({ url: 'companies' }) },
  'GET /api/companies/agents': {
    build: (_w, t) => ({ url: `companies/agents?companyId=${t.officeId}` }),
    tenantIds: true,
  },

  // Agents (issue 6 B.1): an office aiming at another office's agents or office gets 404
  'POST /api/agents/search': {
    build: (_w, t) => ({
      url: 'agents/search',
      body: { criteria: [{ field: 'companyId', value: String(t.officeId), operator: 'EQ' }] },
    }),
    tenantIds: true,
  },
  'GET /api/agents/:id': { build: (_w, t) => ({ url: `agents/${t.agentId}` }), tenantIds: true },
  'PUT /api/agents': {
    build: (w, t) => ({
      url: 'agents',
      body: {
        ...agentForm(t),
        username: w.unique('g'),
        password: 'pw123456',
        passwordConfirm: 'pw123456',
      },
    }),
    tenantIds: true,
  },
  'POST /api/agents/:id': {
    build: (_w, t) => ({ url: `agents/${t.agentId}`, body: agentForm(t) }),
    tenantIds: true,
  },
  'POST /api/agents/status': {
    build: (_w, t) => ({ url: 'agents/status', body: { ids: [t.agentId], hidden: false } }),
    tenantIds: true,
  },
  'DELETE /api/agents/:id': {
    build: async (w, t) => ({ url: `agents/${(await w.newAgent(t)).agentId}` }),
    tenantIds: true,
  },

  // Sites, domains, files
  'GET /api/sites': { build: () => ({ url: 'sites' }) },
  'GET /api/preferredDomains/list': { build: () => ({ url: 'preferredDomains/list' }) },
  'POST /api/files/image': {
    build: () => ({
      url: 'files/image',
      payload: multipartImage(),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    }),
  },
  'GET /api/files/:name': { build: () => ({ url: 'files/0123456789abcdef.png' }), alsoOk: [404] },

  // Event path
  'POST /api/links/list': {
    build: (_w, t) => ({ url: 'links/list', body: { siteId: t.siteId, agentId: t.agentId } }),
    tenantIds: true,
  },
  'GET /api/links/go/:siteId/:typeId/:agentId': {
    build: (_w, t) => ({ url: `links/go/${t.siteId}/${t.typeId}/${t.agentId}` }),
  },
  'GET /api/postback/:siteId': {
    build: async (w, t) => ({
      url: `postback/${t.siteId}?token=${t.siteToken}&clickId=${await clickOf(w, t)}&event=sale&txId=${w.unique('tx')}`,
    }),
  },
  'POST /api/postback/:siteId': {
    build: async (w, t) => ({
      url: `postback/${t.siteId}`,
      body: { token: t.siteToken, clickId: await clickOf(w, t), event: 'sale', txId: w.unique('tx') },
    }),
  },

  // Admins, New Agents (approval) and migration (issue 6 B.2-B.4)
  'GET /api/admins': { build: () => ({ url: 'admins?sortField=email&sortAsc=false' }) },
  'GET /api/admins/:id': { build: (w) => ({ url: `admins/${w.adminAccountId}` }) },
  'PUT /api/admins': {
    build: (w) => {
      const username = w.unique('m');
      const pair = { password: 'pw123456', passwordConfirm: 'pw123456' };
      return { url: 'admins', body: { username, email: `${username}@example.com`, ...pair } };
    },
  },
  // The matrix admin keeps no permission (and its password): the matrix relies on both.
  'POST /api/admins/:id': {
    build: (w) => ({
      url: `admins/${w.adminAccountId}`,
      body: { email: 'matrix-admin@example.com', earningVisible: false, approveAgents: false },
    }),
  },
  'GET /api/accounts/unapproved': {
    build: () => ({ url: 'accounts/unapproved?sortField=role&sortAsc=false' }),
  },
  'PUT /api/accounts/approve': {
    build: async (w, t) => {
      const { agent } = await buildAgent(w.ctx, { officeId: t.officeId, approved: false });
      return { url: 'accounts/approve', body: { ids: [agent.id] } };
    },
  },
  'GET /api/admins/countToMigrate': { build: () => ({ url: 'admins/countToMigrate' }) },
  'GET /api/accounts/migrate': { build: () => ({ url: 'accounts/migrate' }) },

  // Profile, news and alerts, login logs (issue 6 B.5-B.7)
  'GET /api/profile/admin': { build: () => ({ url: 'profile/admin' }) },
  'POST /api/profile/admin': {
    build: (w) => ({
      url: 'profile/admin',
      body: { email: `${w.unique('e')}@example.com`, showSuspend: false },
    }),
  },
  // Admins have no office profile of their own: 403 for them, beyond the declared office role.
  'GET /api/profile/company': { build: () => ({ url: 'profile/company' }), alsoOk: [403] },
  'POST /api/profile/company': {
    build: (_w, t) => ({
      url: 'profile/company',
      body: {
        officeName: `Office ${t.officeId}`,
        manFirstName: 'Matrix',
        manLastName: 'Test',
        manEmail: `office${t.officeId}@example.com`,
      },
    }),
    alsoOk: [403],
  },
  // The same password again: other samples log in with it.
  'POST /api/profile/agent': {
    build: () => ({
      url: 'profile/agent',
      body: { currentPassword: PASSWORD, password: PASSWORD, passwordConfirm: PASSWORD },
    }),
  },
  'GET /api/news/last': { build: () => ({ url: 'news/last' }) },
  // News and alert samples save what is current again, so tests reading them never see matrix text.
  'POST /api/news': {
    build: async (w) => ({ url: 'news', body: await getLastNews(w.ctx) }),
  },
  'GET /api/alerts/last': { build: () => ({ url: 'alerts/last' }) },
  'POST /api/alerts': {
    build: async (w) => ({ url: 'alerts', body: await getLastAlert(w.ctx) }),
  },
  'POST /api/login-logs/search': {
    build: (_w, t) => ({ url: 'login-logs/search', body: { companyId: t.officeId, agentId: t.agentId } }),
    tenantIds: true,
  },

  // Chat logs and links translate (issue 8 items 1 and 5). Offices and admins may not submit a chat
  // log (403 after the access check); another office's site there is a field error, not a 404.
  'POST /api/chat-logs/search': {
    build: (_w, t) => ({
      url: 'chat-logs/search',
      body: { companyId: t.officeId, agentId: t.agentId, siteId: t.siteId },
    }),
    tenantIds: true,
  },
  'POST /api/chat-logs/export': {
    build: (_w, t) => ({
      url: 'chat-logs/export',
      body: { companyId: t.officeId, agentId: t.agentId, siteId: t.siteId },
    }),
    tenantIds: true,
  },
  'PUT /api/chat-logs': {
    build: (_w, t) => ({
      url: 'chat-logs',
      body: { clientUsername: 'matrix client', siteId: t.siteId, conversation: 'Hello' },
    }),
  },
  'GET /api/links/translate': {
    build: (_w, t) => ({ url: `links/translate?siteId=${t.siteId}&typeId=${t.typeId}&agentId=${t.agentId}` }),
  },

  // Sites and link types (issue 7 items 1-3): see sites-samples.ts
  ...sitesSamples,

  // Site manuals and settings (issue 7 items 6 and 8): see manuals-settings-samples.ts
  ...settingsSamples,

  // Custom office rates, sites of an office or agent, preferred domains (issue 7 items 4, 5 and 7):
  // see fees-domains-samples.ts
  ...feesDomainsSamples,

  // Click logs, sale logs and the log CSV exports (issue 8 items 2, 3 and 6): see logs-samples.ts
  ...logsSamples,

  // Dashboard, top agents, office performance and chart (issue 9 items 3 and 4): see office-stats-samples.ts
  ...officeStatsSamples,

  // Statistics and payroll reports, exports, AVP schedule, criteria options (issue 9 items 1, 2 and 5):
  // see stats-samples.ts
  ...statsSamples,
};
