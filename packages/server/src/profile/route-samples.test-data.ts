// Route matrix samples of the profiles (issue 6).
import { PASSWORD } from '../test/factories';
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
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
};
