/**
 * One ECharts chart, shared by the recruiter funnel (/recruit/funnel) and the admin statistics
 * (/admin/statistics). Only the parts those pages draw are registered (echarts/core with the funnel, bar and
 * line series, the grid, legend, tooltip and aria components, the SVG renderer), so a page's chunk carries a
 * fraction of the library; the pages themselves are lazy-loaded. The chart is a picture for sighted users: it
 * is `role="img"` with a label, and every chart on those pages has a data table beside it.
 */
import { BarChart, FunnelChart, LineChart, type BarSeriesOption, type FunnelSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type AriaComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerParts, type ComposeOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import './chart.css';

registerParts([BarChart, FunnelChart, LineChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | FunnelSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | AriaComponentOption
>;

export function EChart({ option, label, height = 280, testId }: { option: ChartOption; label: string; height?: number; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: 'svg' });
    chart.setOption(option);
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={box} className="rc-chart echart" role="img" aria-label={label} style={{ height }} data-testid={testId} />;
}
