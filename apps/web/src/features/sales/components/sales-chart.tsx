import type { SalesBucket } from '@atelier/contract';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export type SalesChartProps = {
  buckets: SalesBucket[];
  /** The chart's accessible name; the same figures are in the table beside it. */
  label: string;
  names: { gross: string; refunds: string; net: string };
  /** A bucket's first date as the axis shows it. */
  formatStart: (start: string) => string;
  /** Cents as money. */
  formatMoney: (cents: number) => string;
};

/**
 * Gross and refunds as bars and net as a line per bucket. Its own module, loaded by React.lazy:
 * the chart library enters only this page's chunks (docs/product.md#sales-overview).
 */
export default function SalesChart({
  buckets,
  label,
  names,
  formatStart,
  formatMoney,
}: SalesChartProps) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: 320 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={buckets} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="start" tickFormatter={formatStart} />
          <YAxis tickFormatter={(v: number) => formatMoney(v)} width={90} />
          <Tooltip
            labelFormatter={(v) => formatStart(String(v))}
            formatter={(v) => formatMoney(Number(v))}
          />
          <Legend />
          <Bar dataKey="gross" name={names.gross} fill="#1565c0" />
          <Bar dataKey="refunds" name={names.refunds} fill="#c62828" />
          <Line dataKey="net" name={names.net} stroke="#2e7d32" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
