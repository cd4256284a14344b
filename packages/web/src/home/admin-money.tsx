// Admins' money at a glance: today against the same weekday last week, and what needs them (review,
// refused postbacks, the click writer, failing webhooks, payouts to make).
import { Text } from '@mantine/core';
import {
  addDays,
  formatCount,
  formatCounted,
  formatPeso,
  formatPrice,
  HOME_TEXTS,
  POSTBACK_RESULT_LABELS,
  type NumberLike,
  type TAdminHome,
} from '@salesdesk/contract';
import { changePercent } from './change';
import {
  Cards,
  countAndPesos,
  CountCard,
  Figure,
  Figures,
  MoneyCard,
  Rows,
  statsPath,
  ValueLink,
} from './money-parts';

export const WRITER_OK = 'OK';
export const WRITER_BEHIND = 'Behind';
/** Shown for a change from nothing: there is no percentage to give. */
export const NO_CHANGE = '—';

/** Where the admin's figures lead, each only when the viewer may open it. */
export interface AdminPaths {
  review?: string;
  webhooks?: string;
  payouts?: string;
}

type Compared = { label: string; now: string; before: string; change: string | null };

function compared(data: TAdminHome): Compared[] {
  const { today: t, lastWeek: w } = data;
  const rows: Compared[] = [
    {
      label: HOME_TEXTS.sales,
      now: formatCount(t.sales),
      before: formatCount(w.sales),
      change: changePercent(t.sales, w.sales),
    },
    {
      label: HOME_TEXTS.bonuses,
      now: formatCount(t.bonuses),
      before: formatCount(w.bonuses),
      change: changePercent(t.bonuses, w.bonuses),
    },
    {
      label: HOME_TEXTS.payout,
      now: formatPeso(t.payout),
      before: formatPeso(w.payout),
      change: changePercent(t.payout, w.payout),
    },
    {
      label: HOME_TEXTS.pending,
      now: countAndPesos(t.held, t.heldPayout),
      before: countAndPesos(w.held, w.heldPayout),
      change: changePercent(t.heldPayout, w.heldPayout),
    },
  ];
  if (t.earning !== null)
    rows.push({
      label: HOME_TEXTS.earning,
      now: formatPrice(t.earning),
      before: formatPrice(w.earning as NumberLike),
      change: changePercent(t.earning, w.earning),
    });
  return rows;
}

/** 'Same day last week: 12 (+8.33%)'. */
export const comparedText = (c: Compared) => `${HOME_TEXTS.lastWeek}: ${c.before} (${c.change ?? NO_CHANGE})`;

function TodayCard({ data }: { data: TAdminHome }) {
  const today = statsPath(data.today);
  const lastWeek = statsPath(data.lastWeek);
  return (
    <MoneyCard
      title={HOME_TEXTS.today}
      subtitle={`${data.today.start} · ${HOME_TEXTS.lastWeek} ${data.lastWeek.start}`}
    >
      <Figures>
        {compared(data).map((c) => (
          <Figure key={c.label} label={c.label}>
            <ValueLink to={today}>{c.now}</ValueLink>
            <Text size="xs" c="dimmed" fw={400} data-compared>
              <ValueLink to={lastWeek}>{comparedText(c)}</ValueLink>
            </Text>
          </Figure>
        ))}
      </Figures>
    </MoneyCard>
  );
}

function RefusedCard({ data }: { data: TAdminHome }) {
  // The last 24 hours reach into yesterday (Eastern).
  const range = { start: addDays(data.today.start, -1), end: data.today.end };
  const to = (result?: string) =>
    `/app/logs/postbacks?${new URLSearchParams({ ...(result ? { result } : {}), ...range }).toString()}`;
  const total = data.refusedPostbacks.reduce((n, r) => n + r.count, 0);
  return (
    <CountCard title={HOME_TEXTS.refused} value={formatCount(total)} to={to()}>
      <Rows>
        {data.refusedPostbacks.map((r) => (
          <li key={r.reason}>
            <span>{POSTBACK_RESULT_LABELS[r.reason]}</span>
            <ValueLink to={to(r.reason)}>
              <strong>{formatCount(r.count)}</strong>
            </ValueLink>
          </li>
        ))}
      </Rows>
    </CountCard>
  );
}

function ClickWriterCard({ writer }: { writer: TAdminHome['clickWriter'] }) {
  return (
    <MoneyCard title={HOME_TEXTS.clickWriter}>
      <Text fz="xl" fw={700} c={writer.ok ? undefined : 'red'} data-figure>
        {writer.ok ? WRITER_OK : WRITER_BEHIND}
      </Text>
      <Text size="sm" c="dimmed">
        {writer.reason ?? `${formatCounted(writer.waiting, 'click')} waiting`}
      </Text>
    </MoneyCard>
  );
}

export function AdminMoney({ data, paths }: { data: TAdminHome; paths: AdminPaths }) {
  return (
    <Cards label="Money today">
      <TodayCard data={data} />
      <CountCard title={HOME_TEXTS.heldForReview} value={formatCount(data.heldForReview)} to={paths.review} />
      <RefusedCard data={data} />
      <ClickWriterCard writer={data.clickWriter} />
      <CountCard
        title={HOME_TEXTS.failingWebhooks}
        value={formatCount(data.failingWebhooks)}
        to={paths.webhooks}
      />
      {data.pendingPayouts ? (
        <CountCard
          title={HOME_TEXTS.pendingPayouts}
          value={countAndPesos(data.pendingPayouts.lines, data.pendingPayouts.amount)}
          to={paths.payouts}
        />
      ) : null}
    </Cards>
  );
}
