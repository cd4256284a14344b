export { LinksPage } from './links-page';
export { LinksTranslatePage } from './links-translate-page';
