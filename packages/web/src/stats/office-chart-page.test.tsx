import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultChartPreset, OFFICE_STATS_EMPTY, Role, type TChartModel } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi, testMe } from '../ui/test-utils';
import { chartOption } from './office-chart';
import { OfficePerformanceChartPage } from './office-chart-page';

// ECharts needs a real layout engine; the page test checks what it hands to the chart.
vi.mock('./office-chart', async (original) => ({
  ...(await original<typeof import('./office-chart')>()),
  default: ({ model, groupBy }: { model: TChartModel; groupBy: string }) => (
    <div data-testid="chart">{`${model.officeName} ${groupBy} ${model.items.length}`}</div>
  ),
}));

const me = (role: Role) => testMe(role);

const model: TChartModel = {
  companyId: 1,
  officeName: 'Manila Central',
  items: [
    { date: '2026-01', value: 0, progress: 0 },
    { date: '2026-02', value: 4, progress: 100 },
    { date: '2026-03', value: 0, progress: -100 },
  ],
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let models: TChartModel[] = [];
beforeEach(() => {
  models = [
    model,
    {
      ...model,
      companyId: 2,
      officeName: 'Quiet Office',
      items: [{ date: '2026-01', value: 0, progress: 0 }],
    },
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    let body: unknown = { name: 'emarket', displayName: 'eMarket', styleClass: '', copyright: '' };
    if (url.endsWith('stats/office-charts')) body = models;
    if (url.includes('companies')) body = [{ id: 1, officeName: 'Manila Central', active: true }];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const chartRequests = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.endsWith('stats/office-charts'))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

describe('OfficePerformanceChartPage', () => {
  it('asks for the second-to-last preset (This year by month) and charts each office with sales', async () => {
    startSession('tok', me(Role.Admin));
    renderUi(<OfficePerformanceChartPage />, { route: '/app/stats/office-performance-chart', query: true });
    expect((await screen.findByTestId('chart')).textContent).toBe('Manila Central month 3');
    const preset = defaultChartPreset();
    expect(chartRequests()[0]).toEqual({ start: preset.start, end: preset.end, groupBy: 'month' });
    expect(screen.getByText(`By office Quiet Office: ${OFFICE_STATS_EMPTY}`)).toBeTruthy();
    expect(screen.getAllByLabelText('Office').length).toBeGreaterThan(0);
  });

  it('sends the range and office of the address; no office choice for an office user', async () => {
    models = [];
    startSession('tok', me(Role.Company));
    renderUi(<OfficePerformanceChartPage />, {
      route: '/app/stats/office-performance-chart?range=2026-11-01,2026-11-07,day&companyId=9',
      query: true,
    });
    await screen.findByText(OFFICE_STATS_EMPTY);
    expect(chartRequests()[0]).toEqual({ start: '2026-11-01', end: '2026-11-07', groupBy: 'day' });
    expect(screen.queryAllByLabelText('Office')).toHaveLength(0);
  });
  it('compares with the period of the address: the request asks it and the page names the other period', async () => {
    models = [{ ...model, compare: { start: '2025-01-01', end: '2025-03-31', items: [] } }];
    startSession('tok', me(Role.Admin));
    renderUi(<OfficePerformanceChartPage />, {
      route: '/app/stats/office-performance-chart?range=2026-01-01,2026-03-31,month&compare=lastYear',
      query: true,
    });
    await screen.findByText('Compared with: Same period last year (2025-01-01 - 2025-03-31)');
    expect(chartRequests()[0]).toEqual({
      start: '2026-01-01',
      end: '2026-03-31',
      groupBy: 'month',
      compare: 'lastYear',
    });
  });
});

describe('chartOption', () => {
  it('draws dark blue columns at most 39 wide and the progress spline on the second axis, with a shared tooltip', () => {
    const option = chartOption({ model, groupBy: 'month' });
    expect(option.title.text).toBe('By office Manila Central');
    expect(option.tooltip.trigger).toBe('axis');
    expect(option.xAxis.name).toBe('Monthly');
    expect(chartOption({ model, groupBy: 'day' }).xAxis.name).toBe('Daily');
    const [bars, line] = option.series;
    expect(bars).toMatchObject({
      type: 'bar',
      barMaxWidth: 39,
      itemStyle: { color: '#1f3a93' },
      data: [0, 4, 0],
    });
    // No sales and no change: no progress point.
    expect(line).toMatchObject({ type: 'line', smooth: true, yAxisIndex: 1, data: [null, 100, -100] });
    expect(option.animation).toBe(true);
  });

  it('shows no point for a date after today', () => {
    const days: TChartModel = {
      ...model,
      items: [
        { date: '2026-11-23', value: 3, progress: 50 },
        { date: '2026-11-24', value: 0, progress: -100 },
        { date: '2026-11-25', value: 0, progress: 0 },
      ],
    };
    const option = chartOption({ model: days, groupBy: 'day' }, '2026-11-24');
    expect(option.xAxis.data).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(option.series[0].data).toEqual([3, 0, null]);
    expect(option.series[1].data).toEqual([50, -100, null]);
    const months = chartOption({ model, groupBy: 'month' }, '2026-02-10');
    expect(months.series[0].data).toEqual([0, 4, null]);
    expect(months.series[1].data).toEqual([null, 100, null]);
  });

  it("draws the other period's columns beside each point, named by its dates", () => {
    const compared: TChartModel = {
      ...model,
      compare: {
        start: '2025-01-01',
        end: '2025-03-31',
        items: [
          { date: '2025-01', value: 2 },
          { date: '2025-02', value: 5 },
        ],
      },
    };
    const option = chartOption({ model: compared, groupBy: 'month' }, '2026-12-01');
    const [bars, other, line] = option.series;
    expect(bars.data).toEqual([0, 4, 0]);
    expect(other).toMatchObject({
      type: 'bar',
      name: 'Sales, 2025-01-01 - 2025-03-31',
      itemStyle: { color: '#9bb0e8' },
      data: [2, 5, null],
    });
    expect(line.type).toBe('line');
    expect(option.legend.data).toEqual(['Sales', 'Sales, 2025-01-01 - 2025-03-31', 'Progress']);
  });
});
