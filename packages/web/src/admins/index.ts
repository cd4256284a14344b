export { AdminsListPage } from './admins-list-page';
export { AdminCreatePage, AdminEditPage } from './admin-form-page';
