// The side menu: the items `me` may see, with the unapproved-agents badge on New Agents and the held-sales
// badge on Review Queue.
import { Badge, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { TMe } from '@salesdesk/contract';
import { useReviewCount, useUnapprovedCount } from '../api/session-queries';
import { useBrand } from '../session/brand';
import { canApproveAgents } from './access-rules';
import { visibleMenuItems, type MenuBadge, type MenuItem } from './area';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** The unapproved count as a number, 0 included (spec: "a badge showing the unapproved count"). */
function UnapprovedBadge({ enabled }: { enabled: boolean }) {
  const { data: count } = useUnapprovedCount(enabled);
  if (count === undefined) return null;
  return (
    <Badge size="sm" color={count > 0 ? 'red.9' : 'gray'} circle={count < 10} data-testid="unapproved-badge">
      {count}
      <span className="visually-hidden"> unapproved</span>
    </Badge>
  );
}

/** The held sales of the review queue, 0 included, as New Agents shows its count. */
function ReviewBadge({ enabled }: { enabled: boolean }) {
  const { data: count } = useReviewCount(enabled);
  if (count === undefined) return null;
  return (
    <Badge
      size="sm"
      color={count > 0 ? 'orange.7' : 'gray'}
      // Black on orange: white on it is under the 4.5:1 contrast a 10px label needs.
      c={count > 0 ? 'black' : undefined}
      circle={count < 10}
      data-testid="review-badge"
    >
      {count}
      <span className="visually-hidden"> held</span>
    </Badge>
  );
}

function MenuCount({ badge, enabled }: { badge: MenuBadge; enabled: boolean }) {
  return badge === 'unapproved' ? <UnapprovedBadge enabled={enabled} /> : <ReviewBadge enabled={enabled} />;
}

export function MainMenu({
  menu,
  me,
  onNavigate,
}: {
  menu: readonly MenuItem[];
  me: TMe;
  onNavigate: () => void;
}) {
  const brand = useBrand();
  const { pathname } = useLocation();
  const approver = canApproveAgents(me);
  return (
    <nav aria-label="Main menu">
      {visibleMenuItems(menu, me, brand).map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          active={isActive(pathname, item.to)}
          aria-current={isActive(pathname, item.to) ? 'page' : undefined}
          rightSection={item.badge ? <MenuCount badge={item.badge} enabled={approver} /> : undefined}
          onClick={onNavigate}
        />
      ))}
    </nav>
  );
}
