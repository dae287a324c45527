/**
 * Load settings shared by the HTTP benches, overridable from the environment for a longer or
 * heavier run: `BENCH_DURATION_S=10 BENCH_ROUNDS=5 npm run bench`.
 */
function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export function loadSettings() {
  return {
    connections: envNumber('BENCH_CONNECTIONS', 10),
    durationS: envNumber('BENCH_DURATION_S', 3),
    rounds: envNumber('BENCH_ROUNDS', 3),
    warmupS: envNumber('BENCH_WARMUP_S', 1),
  };
}
