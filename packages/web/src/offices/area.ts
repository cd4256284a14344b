// /app/offices: the offices list and form (spec 1 calls an office a company).
import { admin, superadmin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

const OfficeFormPage = lazyPage(() => import('./office-form-page'), 'OfficeFormPage');

export const officesArea: Area = {
  sections: [{ path: 'offices', access: admin, menu: { label: 'Offices' } }],
  screens: [
    {
      path: 'offices',
      page: lazyPage(() => import('./offices-list-page'), 'OfficesListPage'),
      tab: 'Offices',
    },
    { path: 'offices/create', page: OfficeFormPage, access: superadmin },
    { path: 'offices/edit/:id', page: OfficeFormPage },
  ],
};
