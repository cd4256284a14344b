export { MigrationPage } from './migration-page';
