// An agent's money at a glance: today, this week and this pay period, its last statement, its AVP week.
import { Text } from '@mantine/core';
import {
  avpNextText,
  formatCount,
  formatPeriod,
  formatPeso,
  HOME_TEXTS,
  payoutSummaryText,
  type TAgentHome,
} from '@salesdesk/contract';
import { Cards, Figure, Figures, MoneyCard, Rows, statsPath, ThreeTotals, ValueLink } from './money-parts';

export const PAYABLE_LABEL = 'Payable';
export const PAID_LABEL = 'Paid';
export const METHOD_LABEL = 'Method';

function LastStatement({
  s,
  agentId,
}: {
  s: NonNullable<TAgentHome['lastStatement']>;
  agentId: number | null;
}) {
  const to = agentId ? `/app/stats/pay-statements/${s.start}/${agentId}` : undefined;
  return (
    <MoneyCard title={HOME_TEXTS.lastStatement} subtitle={<ValueLink to={to}>{formatPeriod(s)}</ValueLink>}>
      <Figures>
        <Figure label={PAYABLE_LABEL}>
          <ValueLink to={to}>{formatPeso(s.payable)}</ValueLink>
        </Figure>
        <Figure label={PAID_LABEL}>{s.paidOn ?? HOME_TEXTS.notPaid}</Figure>
        {s.summary ? <Figure label={METHOD_LABEL}>{payoutSummaryText(s.summary)}</Figure> : null}
      </Figures>
    </MoneyCard>
  );
}

function AvpWeek({ avp, week }: { avp: TAgentHome['avp']; week: TAgentHome['week'] }) {
  const { next } = avp.progress;
  return (
    <MoneyCard title={HOME_TEXTS.avp} subtitle={formatPeriod(week)}>
      <Rows>
        {avp.sites.map((s) => (
          <li key={s.siteId}>
            <span>{s.site}</span>
            <ValueLink to={statsPath(week, { siteId: s.siteId }, 'sites-avp')}>
              <strong>{formatCount(s.sales)}</strong>
            </ValueLink>
          </li>
        ))}
      </Rows>
      {next ? (
        <Text size="sm" mt={4} data-avp-next>
          {avpNextText(
            avp.sites.map((s) => s.site),
            next,
          )}
        </Text>
      ) : (
        <Text size="sm" mt={4} data-avp-next>
          {HOME_TEXTS.avpTop}
        </Text>
      )}
    </MoneyCard>
  );
}

export function AgentMoney({ data, agentId }: { data: TAgentHome; agentId: number | null }) {
  return (
    <Cards label="My money">
      <ThreeTotals data={data} />
      {data.lastStatement ? <LastStatement s={data.lastStatement} agentId={agentId} /> : null}
      {data.avp.sites.length ? <AvpWeek avp={data.avp} week={data.week} /> : null}
    </Cards>
  );
}
