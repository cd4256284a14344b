// One sample request per /api route, for the route matrix test. A new route adds its line here.
import { PASSWORD } from './factories';
import type { Tenant, World } from './route-world';
import { flushClicks, recordClick } from '../tracking/service';
import { mintToken } from '../auth/service';

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
};
