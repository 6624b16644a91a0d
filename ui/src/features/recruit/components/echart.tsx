/**
 * One ECharts chart. Only the parts the funnel page draws are registered (echarts/core with the funnel and
 * bar series, the grid, tooltip and aria components, the SVG renderer), so the page's chunk carries a
 * fraction of the library; the page itself is lazy-loaded. The chart is a picture for sighted users: it is
 * `role="img"` with a label, and every chart on the page has a data table beside it.
 */
import { BarChart, FunnelChart, type BarSeriesOption, type FunnelSeriesOption } from 'echarts/charts';
import { AriaComponent, GridComponent, TooltipComponent, type AriaComponentOption, type GridComponentOption, type TooltipComponentOption } from 'echarts/components';
import { init, use as registerParts, type ComposeOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

registerParts([BarChart, FunnelChart, AriaComponent, GridComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | FunnelSeriesOption | GridComponentOption | TooltipComponentOption | AriaComponentOption>;

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
  return <div ref={box} className="rc-chart" role="img" aria-label={label} style={{ height }} data-testid={testId} />;
}
