// `npm run bench [-- name…]`: runs every bench (or the named ones) one after another, prints each
// one's table and targets, and exits non-zero when any target fails or a bench cannot run.
import { BENCHES } from './benches';
import { type Bench, renderTable, renderTargets, type TargetResult } from './harness/report';

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !BENCHES.some((b) => b.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown bench: ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}
const selected: Bench[] =
  wanted.length > 0 ? BENCHES.filter((b) => wanted.includes(b.name)) : BENCHES;

const summary: { bench: string; targets: TargetResult[]; error?: string }[] = [];
for (const bench of selected) {
  console.log(`\n▶ ${bench.name}: ${bench.title}`);
  const started = Date.now();
  try {
    const outcome = await bench.run();
    for (const { title, table } of outcome.tables) {
      console.log(`\n${title ? `${title}\n` : ''}${renderTable(table)}`);
    }
    for (const note of outcome.notes ?? []) console.log(`  · ${note}`);
    console.log(`\n${renderTargets(outcome.targets)}`);
    summary.push({ bench: bench.name, targets: outcome.targets });
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`\n✗ ${bench.name} could not run: ${message}`);
    summary.push({ bench: bench.name, targets: [], error: message });
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const failed = summary.flatMap((s) =>
  s.error
    ? [`${s.bench}: did not run`]
    : s.targets.filter((t) => !t.pass).map((t) => `${s.bench}: ${t.name}`),
);
const passed = summary.reduce((n, s) => n + s.targets.filter((t) => t.pass).length, 0);
console.log(`\nbench: ${passed} targets passed, ${failed.length} failed`);
for (const f of failed) console.log(`  FAIL ${f}`);
process.exit(failed.length > 0 ? 1 : 0);
