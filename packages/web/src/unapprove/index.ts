export { UnapprovedPage } from './unapproved-page';
