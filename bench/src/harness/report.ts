/** A target a bench checks, e.g. "throughput ≥ 40% of the bare route". */
export type TargetResult = {
  name: string;
  /** What was measured, formatted for people ("52.3%"). */
  measured: string;
  /** The threshold, formatted ("≥ 40%"). */
  target: string;
  pass: boolean;
};

export type Table = { columns: string[]; rows: (string | number)[][] };

/** What one bench hands back to the runner. */
export type BenchOutcome = {
  tables: { title?: string; table: Table }[];
  targets: TargetResult[];
  /** Context a reader needs to judge the numbers (settings, machine, caveats). */
  notes?: string[];
};

export type Bench = {
  /** Short id used on the command line: `npm run bench -- users-me`. */
  name: string;
  title: string;
  run(): Promise<BenchOutcome>;
};

export function target(
  name: string,
  measured: number,
  threshold: number,
  op: '>=' | '<=',
  format: (n: number) => string,
): TargetResult {
  return {
    name,
    measured: format(measured),
    target: `${op === '>=' ? '≥' : '≤'} ${format(threshold)}`,
    pass: op === '>=' ? measured >= threshold : measured <= threshold,
  };
}

export const formatInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const formatMs = (n: number) => `${n.toFixed(2)} ms`;
export const formatPercent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
export const formatRatio = (ratio: number) => `${ratio.toFixed(2)}×`;
/** Kilobytes of 1,000 bytes, the unit the size budgets are written in. */
export const formatKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Renders a plain-text table: first column left-aligned, the rest right-aligned (numbers). */
export function renderTable({ columns, rows }: Table): string {
  const cells = [columns, ...rows.map((r) => r.map(String))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(cells[0] ?? []), rule, ...cells.slice(1).map(line)].join('\n');
}

export function renderTargets(targets: TargetResult[]): string {
  return renderTable({
    columns: ['target', 'measured', 'required', 'result'],
    rows: targets.map((t) => [t.name, t.measured, t.target, t.pass ? 'PASS' : 'FAIL']),
  });
}
