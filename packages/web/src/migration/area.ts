// /app/migration: the import of the old system's data, for admins (no menu entry).
import { admin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const migrationArea: Area = {
  sections: [{ path: 'migration', access: admin }],
  screens: [{ path: 'migration', page: lazyPage(() => import('./migration-page'), 'MigrationPage') }],
};
