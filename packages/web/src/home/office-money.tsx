// An office's money at a glance: its agents' today, week and pay period, what waits for review, its agents
// without a sale in 7 days and its top 5 this week.
import { Text } from '@mantine/core';
import { formatCount, formatPeriod, HOME_TEXTS, type TOfficeHome } from '@salesdesk/contract';
import { Cards, CountCard, MoneyCard, Rows, statsPath, ThreeTotals, ValueLink } from './money-parts';

export const NO_SALE_YET = 'No sale yet';
export const LAST_SALE = 'Last sale';

type AgentRow = TOfficeHome['idle'][number];
export const agentLabel = (a: AgentRow) => (a.agentName ? `${a.username} (${a.agentName})` : a.username);

export function OfficeMoney({ data, reviewPath }: { data: TOfficeHome; reviewPath?: string }) {
  return (
    <Cards label="Office money">
      <ThreeTotals data={data} />
      <CountCard title={HOME_TEXTS.heldForReview} value={formatCount(data.heldForReview)} to={reviewPath} />
      <CountCard title={HOME_TEXTS.idleAgents} value={formatCount(data.idleAgents)}>
        <Rows>
          {data.idle.map((a) => (
            <li key={a.agentId}>
              <span>{agentLabel(a)}</span>
              <Text span size="sm" c="dimmed">
                {a.lastSale ? `${LAST_SALE} ${a.lastSale}` : NO_SALE_YET}
              </Text>
            </li>
          ))}
        </Rows>
      </CountCard>
      <MoneyCard title={HOME_TEXTS.top5} subtitle={formatPeriod(data.week)}>
        <Rows>
          {data.top5.map((a, i) => (
            <li key={a.agentId}>
              <span>
                {i + 1}. {agentLabel(a)}
              </span>
              <ValueLink to={statsPath(data.week, { agentId: a.agentId })}>
                <strong>{formatCount(a.sales)}</strong>
              </ValueLink>
            </li>
          ))}
        </Rows>
      </MoneyCard>
    </Cards>
  );
}
