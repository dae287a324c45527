import { type BareResponse, bareFastifyServer, captureResponse } from './bare-server';
import { type Comparison, compareThroughput, type LoadTarget } from './load';
import {
  type BenchOutcome,
  formatInt,
  formatMs,
  formatPercent,
  formatRatio,
  target,
} from './report';
import type { loadSettings } from './settings';

export type VersusBareOptions = {
  /** The real route under load; its pid lets the report show server CPU per request. */
  subject: LoadTarget & { pid: number };
  /** The subject's response, captured with the same headers: the bare route replays it. */
  response: BareResponse;
  settings: ReturnType<typeof loadSettings>;
  /** The target this comparison checks: the subject's throughput as a share of the bare route's. */
  target: { name: string; minRatio: number };
  /** What the reader needs to know about this bench's data and server (shown after the load settings). */
  notes?: string[];
};

/**
 * Compares a real route with a bare Fastify route returning the same bytes (harness/bare-server.ts),
 * both under the same load, and reports the two side by side with the throughput target.
 */
export async function compareWithBareRoute(options: VersusBareOptions): Promise<BenchOutcome> {
  const { subject, response, settings } = options;
  const bare = await bareFastifyServer(response);
  try {
    const at = new URL(subject.url);
    const bareUrl = `${bare.url}${at.pathname}${at.search}`;
    const replay = await captureResponse(bareUrl, { headers: subject.headers });
    if (replay.bodyBase64 !== response.bodyBase64) {
      throw new Error('the bare route does not return the same bytes');
    }
    const cmp = await compareThroughput(
      {
        label: 'bare Fastify route, same bytes',
        url: bareUrl,
        headers: subject.headers,
        pid: bare.pid,
      },
      subject,
      settings,
    );
    return {
      tables: [{ table: comparisonTable(cmp) }],
      targets: [
        target(
          options.target.name,
          cmp.throughputRatio,
          options.target.minRatio,
          '>=',
          formatPercent,
        ),
      ],
      notes: [
        `${settings.connections} connections, ${settings.rounds} alternating rounds of ${settings.durationS} s per side after ${settings.warmupS} s warm-up`,
        ...(options.notes ?? []),
        ...comparisonNotes(cmp),
      ],
    };
  } finally {
    await bare.stop();
  }
}

function comparisonTable(cmp: Comparison) {
  return {
    columns: [
      'route',
      'req/s',
      'p50',
      'p99',
      'requests',
      'server CPU/req',
      'client CPU',
      'throughput vs bare',
    ],
    rows: [cmp.baseline, cmp.subject].map((s) => [
      s.label,
      formatInt(s.rps),
      formatMs(s.p50Ms),
      formatMs(s.p99Ms),
      formatInt(s.requests),
      `${s.serverCpuUsPerRequest.toFixed(0)} µs`,
      formatPercent(s.clientCpuShare),
      formatPercent(s.rps / cmp.baseline.rps),
    ]),
  };
}

function comparisonNotes(cmp: Comparison): string[] {
  const notes = [
    `p99 ratio (route / bare): ${formatRatio(cmp.p99Ratio)}; server CPU per request, bare / route: ${formatPercent(cmp.cpuCostRatio)} (the throughput ratio when both servers are CPU-bound)`,
  ];
  if (cmp.baseline.clientCpuShare > 0.9) {
    notes.push(
      `the load generator used ${formatPercent(cmp.baseline.clientCpuShare)} of a core against the bare route: it, not the server, set that pace, so the throughput ratio flatters the route; trust the CPU-per-request ratio`,
    );
  }
  return notes;
}
