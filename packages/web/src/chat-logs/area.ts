// /app/chat-logs/create: an agent submits a chat log (spec 2 sections 2.9 and 6).
import { Role } from '@salesdesk/contract';
import { only } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const chatLogsArea: Area = {
  sections: [{ path: 'chat-logs', access: only(Role.Agent) }],
  screens: [
    { path: 'chat-logs/create', page: lazyPage(() => import('./chat-log-create-page'), 'ChatLogCreatePage') },
  ],
};
