// The pieces of each role's money at a glance: a card, its figures (a term and its value) and the links
// from a figure to the statistics behind it.
import type { ReactNode } from 'react';
import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatCount,
  formatPeriod,
  formatPeso,
  formatPrice,
  HOME_TEXTS,
  type NumberLike,
  type THomeTotals,
  type TPeriod,
} from '@salesdesk/contract';
import classes from './home-money.module.css';

/** The Sites Statistics of a range (the criteria as the stats page reads them from the address). */
export function statsPath(range: TPeriod, more: Record<string, string | number> = {}, report = 'sites') {
  const q = new URLSearchParams({ start: range.start, end: range.end });
  for (const [k, v] of Object.entries(more)) q.set(k, String(v));
  return `/app/stats/${report}?${q.toString()}`;
}

/** '3 · ₱150': a count and its pesos. */
export const countAndPesos = (n: number, pesos: NumberLike) => `${formatCount(n)} · ${formatPeso(pesos)}`;

export function Cards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.cards} role="group" aria-label={label}>
      {children}
    </div>
  );
}

export function MoneyCard(props: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" aria-label={props.title}>
      <Title order={2} size="h5">
        {props.title}
      </Title>
      {props.subtitle ? (
        <Text size="xs" c="dimmed" mb="xs">
          {props.subtitle}
        </Text>
      ) : null}
      {props.children}
    </Paper>
  );
}

export function Figures({ children }: { children: ReactNode }) {
  return <dl className={classes.figures}>{children}</dl>;
}

export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A figure's value, a link when there is a screen behind it that the viewer may open. */
export function ValueLink({ to, children }: { to?: string; children: ReactNode }) {
  if (!to) return <>{children}</>;
  return (
    <Anchor component={Link} to={to} inherit>
      {children}
    </Anchor>
  );
}

export function Rows({ children }: { children: ReactNode }) {
  return <ul className={classes.rows}>{children}</ul>;
}

/** Sales, bonuses, payout, pending and (where the viewer sees it) earning of a range, each to its report. */
export function TotalsFigures({ totals, to }: { totals: THomeTotals; to: string }) {
  return (
    <Figures>
      <Figure label={HOME_TEXTS.sales}>
        <ValueLink to={to}>{formatCount(totals.sales)}</ValueLink>
      </Figure>
      <Figure label={HOME_TEXTS.bonuses}>
        <ValueLink to={to}>{formatCount(totals.bonuses)}</ValueLink>
      </Figure>
      <Figure label={HOME_TEXTS.payout}>
        <ValueLink to={to}>{formatPeso(totals.payout)}</ValueLink>
      </Figure>
      <Figure label={HOME_TEXTS.pending}>
        <ValueLink to={to}>{countAndPesos(totals.held, totals.heldPayout)}</ValueLink>
      </Figure>
      {totals.earning === null ? null : (
        <Figure label={HOME_TEXTS.earning}>
          <ValueLink to={to}>{formatPrice(totals.earning)}</ValueLink>
        </Figure>
      )}
    </Figures>
  );
}

/** Today, this week and this pay period: one card each. */
export function ThreeTotals({
  data,
}: {
  data: { today: THomeTotals; week: THomeTotals; period: THomeTotals };
}) {
  const cards = [
    { title: HOME_TEXTS.today, totals: data.today },
    { title: HOME_TEXTS.week, totals: data.week },
    { title: HOME_TEXTS.period, totals: data.period },
  ];
  return (
    <>
      {cards.map((c) => (
        <MoneyCard key={c.title} title={c.title} subtitle={formatPeriod(c.totals)}>
          <TotalsFigures totals={c.totals} to={statsPath(c.totals)} />
        </MoneyCard>
      ))}
    </>
  );
}

/** A card that is one figure: a count and what it leads to. */
export function CountCard(props: { title: string; value: string; to?: string; children?: ReactNode }) {
  return (
    <MoneyCard title={props.title}>
      <Text fz="xl" fw={700} data-figure>
        <ValueLink to={props.to}>{props.value}</ValueLink>
      </Text>
      {props.children}
    </MoneyCard>
  );
}
