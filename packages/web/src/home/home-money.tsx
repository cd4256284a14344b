// Each role's money at a glance above spec 1's Home (issue 37), from one request (GET home).
import { Text } from '@mantine/core';
import { Role, WEBHOOK_HOLDERS, type THome, type TMe } from '@salesdesk/contract';
import { canApproveAgents, canChangeMoney } from '../shell/access-rules';
import { useMe } from '../session/use-session';
import { Loading } from '../ui/loading';
import { AdminMoney, type AdminPaths } from './admin-money';
import { AgentMoney } from './agent-money';
import { useHome } from './api';
import { OfficeMoney } from './office-money';

export const HOME_LOAD_FAILED = 'Your figures could not be loaded';

/** The screens behind the figures that `me` may open (their areas' rules). */
function adminPaths(me: TMe): AdminPaths {
  const webhooks =
    me.role === Role.Superadmin ||
    (me.role === WEBHOOK_HOLDERS.from && me.permissions.includes(WEBHOOK_HOLDERS.permission));
  return {
    review: canApproveAgents(me) ? '/app/review' : undefined,
    webhooks: webhooks ? '/app/settings/webhooks' : undefined,
    payouts: canChangeMoney(me) ? '/app/stats/payouts' : undefined,
  };
}

function Money({ data, me }: { data: THome; me: TMe }) {
  switch (data.kind) {
    case 'agent':
      return <AgentMoney data={data} agentId={me.agentId} />;
    case 'office':
      return <OfficeMoney data={data} reviewPath={canApproveAgents(me) ? '/app/review' : undefined} />;
    case 'admin':
      return <AdminMoney data={data} paths={adminPaths(me)} />;
  }
}

export function HomeMoney() {
  const me = useMe();
  // An agent suspended for fraud sees its own money too (GET home is open to it, as its statements).
  const home = useHome(true);
  if (home.data) return <Money data={home.data} me={me} />;
  if (home.isError)
    return (
      <Text c="red" role="alert">
        {HOME_LOAD_FAILED}
      </Text>
    );
  return <Loading />;
}
