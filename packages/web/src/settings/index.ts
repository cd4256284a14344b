export { BlackListIpPage } from './black-list-page';
export { BlackListIpCreatePage, BlackListIpDeletePage } from './ip-list-form-page';
export { OptionsPage } from './options-page';
