// /app/unapprove: the agents waiting for approval ("New Agents" in the menu).
import { canApproveAgents } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const unapproveArea: Area = {
  sections: [
    { path: 'unapprove', access: canApproveAgents, menu: { label: 'New Agents', badge: 'unapproved' } },
  ],
  screens: [{ path: 'unapprove', page: lazyPage(() => import('./unapproved-page'), 'UnapprovedPage') }],
};
