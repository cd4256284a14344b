export { CompanyFeesPage } from './company-fees-page';
