export { ChatLogCreatePage } from './chat-log-create-page';
