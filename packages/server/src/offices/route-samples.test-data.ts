// Route matrix samples of the offices and of companies/* (the office choices and an office's agents).
import type { RouteSamples } from '../test/route-sample-kit';
import type { Tenant } from '../test/route-world';

const officeForm = (name: string, t: Tenant) => ({
  officeName: name,
  manFirstName: 'Matrix',
  manLastName: 'Test',
  siteIds: [t.siteId],
  active: true,
});

export const routeSamples: RouteSamples = {
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
};
