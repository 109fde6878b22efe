import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartProps } from './Charts';

const COLORS = ['#1677ff', '#f2b632', '#52c41a', '#eb2f96', '#722ed1'];

export function BarChartImpl({ data, x, series, height = 280, title }: ChartProps) {
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey={x} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          {series.map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color ?? COLORS[i % COLORS.length]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function LineChartImpl({ data, x, series, height = 280, title }: ChartProps) {
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <ResponsiveContainer width="100%" height={height}>
        <LineChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey={x} />
          <YAxis />
          <Tooltip />
          <Legend />
          {series.map((s, i) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color ?? COLORS[i % COLORS.length]} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
