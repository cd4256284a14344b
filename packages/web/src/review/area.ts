// /app/review: the review queue of held and flagged sales (admins with the approve-agents permission
// and superadmins, like New Agents), with the held count on its menu entry.
import { canApproveAgents } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const reviewArea: Area = {
  sections: [{ path: 'review', access: canApproveAgents, menu: { label: 'Review Queue', badge: 'review' } }],
  screens: [{ path: 'review', page: lazyPage(() => import('./review-page'), 'ReviewPage') }],
};
