// /app/stats/office-performance-chart (office and above): one progress chart per office, a chart preset
// (default the second-to-last) and, for admins, one office or all (spec 2 sections 2.15 and 9).
import { lazy, Suspense, useMemo } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  CHART_TEXTS,
  chartPresets,
  decodeChartRange,
  defaultChartPreset,
  encodeChartRange,
  isAdmin,
  OFFICE_STATS_EMPTY,
} from '@salesdesk/contract';
import { useOfficeOptions } from '../api/option-queries';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { OfficeSelect } from '../ui/choice-selects';
import { Empty } from '../ui/empty';
import { Loading } from '../ui/loading';
import { ComparedWith, CompareSelect, parseCompare } from './compare-select';
import { useOfficeCharts } from './office-stats-api';

// ECharts loads with the first chart, never with the page shell.
const OfficeChart = lazy(() => import('./office-chart'));

const idOf = (raw: string | null) => (raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined);

export function OfficePerformanceChartPage() {
  const me = useMe();
  const admin = isAdmin(me.role);
  const presets = useMemo(() => chartPresets(), []);
  const [params, setParams] = useSearchParams();
  const range = decodeChartRange(params.get('range')) ?? defaultChartPreset();
  const companyId = admin ? idOf(params.get('companyId')) : undefined;
  const offices = useOfficeOptions(admin);
  const compare = parseCompare(params.get('compare') ?? undefined);
  const charts = useOfficeCharts({
    start: range.start,
    end: range.end,
    groupBy: range.groupBy,
    companyId,
    compare,
  });
  const set = (key: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  const models = charts.data ?? [];
  return (
    <Page title="Office progress chart">
      <Group gap="sm" align="flex-end" mb="md" role="search" aria-label="Load statistics">
        {admin && (
          <OfficeSelect
            rows={offices.data}
            placeholder="All offices"
            value={companyId ? String(companyId) : null}
            onChange={(v) => set('companyId', v)}
            w={220}
          />
        )}
        <Select
          label="Period"
          data={presets.map((p) => ({ value: encodeChartRange(p), label: p.heading }))}
          value={encodeChartRange(range)}
          onChange={(v) => set('range', v)}
          allowDeselect={false}
          w={200}
        />
        <CompareSelect value={compare} onChange={(c) => set('compare', c ?? null)} />
      </Group>
      <ComparedWith compare={compare} period={models[0]?.compare} />
      {charts.isPending ? (
        <Loading />
      ) : !models.length ? (
        <Empty text={charts.isError ? '' : OFFICE_STATS_EMPTY} />
      ) : (
        <Suspense fallback={<Loading />}>
          <Stack gap="xl" aria-busy={charts.isFetching}>
            {models.map((m) =>
              m.items.some((p) => p.value > 0 || p.progress !== 0) ? (
                <OfficeChart key={m.companyId} model={m} groupBy={range.groupBy} />
              ) : (
                <Empty key={m.companyId} text={`${CHART_TEXTS.title(m.officeName)}: ${OFFICE_STATS_EMPTY}`} />
              ),
            )}
          </Stack>
        </Suspense>
      )}
    </Page>
  );
}
