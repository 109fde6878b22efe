/**
 * Charts of the statistics pages (recharts, React 19 ready), in their own chunk: pages load it when a chart is
 * on screen, so the rest of the admin panel never downloads it.
 */
import { Spin } from 'antd';
import { Suspense, lazy } from 'react';

const BarChartImpl = lazy(() => import('./ChartsImpl').then((m) => ({ default: m.BarChartImpl })));
const LineChartImpl = lazy(() => import('./ChartsImpl').then((m) => ({ default: m.LineChartImpl })));

export interface Series {
  key: string;
  label: string;
  color?: string;
}

export interface ChartProps {
  data: Record<string, string | number>[];
  x: string;
  series: Series[];
  height?: number;
  title?: string;
}

export function BarChart(props: ChartProps) {
  return (
    <Suspense fallback={<Spin />}>
      <BarChartImpl {...props} />
    </Suspense>
  );
}

export function LineChart(props: ChartProps) {
  return (
    <Suspense fallback={<Spin />}>
      <LineChartImpl {...props} />
    </Suspense>
  );
}
