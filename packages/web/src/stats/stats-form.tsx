// The 'Load statistics' criteria form: grouping, site and its types, office (admins), agent (offices
// and above), AVP period (admins, AVP pages), the period (weekly picker on the AVP pages) and the
// comparison (not on the AVP pages nor by detail).
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, Select } from '@mantine/core';
import {
  avpPeriodHeading,
  hasRole,
  isAvpKind,
  isDateRangeValid,
  payoutPeriodHints,
  Role,
  STATS_GROUP_LABELS,
  STATS_SUBMIT,
  statsGroupings,
  weeklyExHints,
  type TStatsKind,
} from '@salesdesk/contract';
import { AgentSelect, OfficeSelect, SiteSelect, toOptions } from '../ui/choice-selects';
import { CompareSelect } from './compare-select';
import { DateRange, WeeklyRange } from '../ui/date-range';
import { useAgentOptions, useOfficeOptions } from '../api/option-queries';
import { useAvpPeriods, useStatsSites, useStatsTypes } from './stats-api';
import type { StatsCriteria } from './stats-criteria';

export const PAYOUT_HINT_LABEL = 'Choose payout period';
export type StatsFormProps = {
  kind: TStatsKind;
  role: number;
  criteria: StatsCriteria;
  /** A search is ignored while another is loading. */
  busy: boolean;
  onSearch: (next: StatsCriteria) => void;
};

export function StatsForm({ kind, role, criteria, busy, onSearch }: StatsFormProps) {
  const avp = isAvpKind(kind);
  const admin = hasRole(role, Role.Admin);
  const office = hasRole(role, Role.Company);
  const [draft, setDraft] = useState(criteria);
  // The URL is the state: a search, a drill-down or back/forward shows its criteria again.
  const urlKey = JSON.stringify(criteria);
  const [shownKey, setShownKey] = useState(urlKey);
  if (shownKey !== urlKey) {
    setShownKey(urlKey);
    setDraft(criteria);
  }
  const set = (patch: Partial<StatsCriteria>) => setDraft((d) => ({ ...d, ...patch }));

  const sites = useStatsSites(avp);
  const types = useStatsTypes(draft.siteId);
  const offices = useOfficeOptions(admin);
  const agents = useAgentOptions(admin ? draft.companyId : undefined, {
    mode: 'AvailablePlusSuspended',
    enabled: office,
  });
  const periods = useAvpPeriods(avp && admin);
  const hints = useMemo(() => (avp ? weeklyExHints() : payoutPeriodHints()), [avp]);
  // A type of another site is no longer present once the chosen site's types have loaded.
  const typeId =
    types.data && !types.data.some((t) => String(t.id) === draft.typeId) ? undefined : draft.typeId;

  // The AVP pages and the detail grouping compare nothing.
  const comparable = !avp && draft.groupBy !== 'detail';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !isDateRangeValid(draft.start, draft.end)) return;
    onSearch({ ...draft, typeId, compare: comparable ? draft.compare : undefined });
  };
  const range = { start: draft.start, end: draft.end };
  const setRange = (r: { start?: string; end?: string }) => set({ start: r.start ?? '', end: r.end ?? '' });

  return (
    <form onSubmit={submit} role="search" aria-label={STATS_SUBMIT} className="no-print">
      <Group gap="xs" mb="sm" align="flex-end" wrap="wrap">
        <Select
          label="Group by"
          data={statsGroupings(kind, role).map((g) => ({ value: g, label: STATS_GROUP_LABELS[g] }))}
          value={draft.groupBy}
          onChange={(v) => v && set({ groupBy: v as StatsCriteria['groupBy'] })}
          allowDeselect={false}
          w={130}
        />
        <SiteSelect
          rows={sites.data}
          placeholder="All sites"
          value={draft.siteId ?? null}
          onChange={(v) => set({ siteId: v ?? undefined, typeId: undefined })}
          w={190}
        />
        <Select
          label="Type"
          placeholder="All types"
          data={toOptions(
            types.data,
            (t) => t.id,
            (t) => t.typename,
          )}
          value={typeId ?? null}
          onChange={(v) => set({ typeId: v ?? undefined })}
          disabled={!draft.siteId}
          clearable
          w={160}
        />
        {admin && (
          <OfficeSelect
            rows={offices.data}
            placeholder="All offices"
            value={draft.companyId ?? null}
            onChange={(v) => set({ companyId: v ?? undefined, agentId: undefined })}
            w={190}
          />
        )}
        {office && (
          <AgentSelect
            rows={agents.data}
            placeholder="All agents"
            value={draft.agentId ?? null}
            onChange={(v) => set({ agentId: v ?? undefined })}
            w={170}
          />
        )}
        {avp && admin && (
          <Select
            label="AVP"
            placeholder="All"
            data={toOptions(periods.data, (p) => p.index, avpPeriodHeading)}
            value={draft.avp ?? null}
            onChange={(v) => set({ avp: v ?? undefined })}
            clearable
            w={150}
          />
        )}
        {avp ? (
          <WeeklyRange value={range} onChange={setRange} hints={hints} />
        ) : (
          <DateRange value={range} onChange={setRange} hints={hints} hintLabel={PAYOUT_HINT_LABEL} />
        )}
        {comparable && <CompareSelect value={draft.compare} onChange={(compare) => set({ compare })} />}
        <Button type="submit" loading={busy} disabled={!isDateRangeValid(draft.start, draft.end)}>
          {STATS_SUBMIT}
        </Button>
      </Group>
    </form>
  );
}
