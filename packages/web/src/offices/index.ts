export { OfficesListPage } from './offices-list-page';
export { OfficeFormPage } from './office-form-page';
