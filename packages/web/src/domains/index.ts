export { DomainsListPage } from './domains-list-page';
export { DomainCreatePage, DomainEditPage } from './domain-form-page';
