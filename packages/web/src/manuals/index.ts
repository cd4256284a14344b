export { SiteManualsPage } from './site-manuals-page';
export { SiteManualCreatePage, SiteManualEditPage } from './site-manual-form-page';
export { HowToSellPage } from './how-to-sell-page';
