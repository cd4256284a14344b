export { NewsEditPage } from './news-edit-page';
export { NewsAlertsPage } from './news-alerts-page';
