// One office's progress chart (ECharts, loaded only with this module): dark blue sales columns per point,
// the progress spline on a second axis, one shared tooltip (spec 2 sections 2.15 and 9).
import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import {
  CHART_TEXTS,
  easternDay,
  formatPeriod,
  formatSignedPercent,
  showsProgress,
  type ChartGroupBy,
  type TChartModel,
} from '@salesdesk/contract';

echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type OfficeChartProps = { model: TChartModel; groupBy: ChartGroupBy };

/** A day ('YYYY-MM-DD') or month ('YYYY-MM') point after today's (Eastern): it has no sales yet, only a fall to 0. */
const isFuturePoint = (date: string, today: string) => date > today.slice(0, date.length);

/** The axis keeps the whole period asked for; points after today draw neither a column nor progress. */
export function chartOption({ model, groupBy }: OfficeChartProps, today = easternDay(new Date())) {
  const shown = (p: TChartModel['items'][number]) => !isFuturePoint(p.date, today);
  const other = model.compare;
  const otherName = other ? CHART_TEXTS.otherSales(formatPeriod(other)) : '';
  // The other period's columns stand beside this one's, point by point (its n-th beside the n-th), named
  // by its dates in the legend and the tooltip.
  const otherSeries = other
    ? [
        {
          name: otherName,
          type: 'bar',
          barMaxWidth: CHART_TEXTS.columnMaxWidth,
          itemStyle: { color: CHART_TEXTS.otherColor },
          data: model.items.map((_, i) => other.items[i]?.value ?? null),
        },
      ]
    : [];
  return {
    animation: true,
    title: { text: CHART_TEXTS.title(model.officeName), left: 'center', textStyle: { fontSize: 15 } },
    tooltip: { trigger: 'axis' },
    legend: { data: [CHART_TEXTS.sales, ...(other ? [otherName] : []), CHART_TEXTS.progress], bottom: 0 },
    grid: { left: 48, right: 64, top: 56, bottom: 72 },
    xAxis: {
      type: 'category',
      name: CHART_TEXTS.axis[groupBy],
      nameLocation: 'middle',
      nameGap: 28,
      data: model.items.map((p) => p.date),
    },
    yAxis: [
      { type: 'value', name: CHART_TEXTS.sales, minInterval: 1 },
      {
        type: 'value',
        name: CHART_TEXTS.progress,
        axisLabel: { formatter: '{value}%' },
        splitLine: { show: false },
      },
    ],
    series: [
      {
        name: CHART_TEXTS.sales,
        type: 'bar',
        barMaxWidth: CHART_TEXTS.columnMaxWidth,
        itemStyle: { color: CHART_TEXTS.salesColor },
        data: model.items.map((p) => (shown(p) ? p.value : null)),
      },
      ...otherSeries,
      {
        name: CHART_TEXTS.progress,
        type: 'line',
        smooth: true,
        yAxisIndex: 1,
        itemStyle: { color: CHART_TEXTS.progressColor },
        lineStyle: { color: CHART_TEXTS.progressColor },
        // A point without sales and without change draws no progress (a gap in the spline).
        data: model.items.map((p) => (shown(p) && showsProgress(p) ? p.progress : null)),
        tooltip: { valueFormatter: (v: unknown) => (typeof v === 'number' ? formatSignedPercent(v) : '-') },
      },
    ],
  };
}

export default function OfficeChart(props: OfficeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    chart.current = echarts.init(el, undefined, { renderer: 'svg' });
    const resize = new ResizeObserver(() => chart.current?.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(chartOption(props), true);
  }, [props]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={CHART_TEXTS.title(props.model.officeName)}
      data-office-chart
      style={{ width: '100%', height: 360 }}
    />
  );
}
