export { LoginLogsPage } from './login-logs-page';
