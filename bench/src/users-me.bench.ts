import { API } from '@atelier/contract';
import { demoAccount, signIn } from './harness/api';
import { bareFastifyServer, captureResponse } from './harness/bare-server';
import { compareThroughput } from './harness/load';
import {
  type Bench,
  formatInt,
  formatMs,
  formatPercent,
  formatRatio,
  target,
} from './harness/report';
import { startServer } from './harness/server';
import { loadSettings } from './harness/settings';

/** Issue 2: the current-user call reaches at least 40% of a bare route's throughput. */
export const MIN_THROUGHPUT_RATIO = 0.4;

export const usersMeBench: Bench = {
  name: 'users-me',
  title: 'GET /api/v1/users/me (demo student) vs a bare Fastify route returning the same bytes',
  async run() {
    const settings = loadSettings();
    const server = await startServer();
    try {
      const token = await signIn(server.url, demoAccount('student@atelier.test'));
      // Both sides get the same request bytes: the bare route ignores the header, the real one
      // verifies the token, checks revocation and loads the user.
      const headers = { authorization: `Bearer ${token}` };
      const meUrl = `${server.url}${API.me}`;
      const response = await captureResponse(meUrl, { headers });
      if (response.statusCode !== 200) {
        throw new Error(`${API.me} answered ${response.statusCode}, expected 200`);
      }
      const bare = await bareFastifyServer(response);
      try {
        const replay = await captureResponse(`${bare.url}${API.me}`, { headers });
        if (replay.bodyBase64 !== response.bodyBase64) {
          throw new Error('the bare route does not return the same bytes');
        }
        const cmp = await compareThroughput(
          {
            label: 'bare Fastify route, same bytes',
            url: `${bare.url}${API.me}`,
            headers,
            pid: bare.pid,
          },
          { label: `GET ${API.me}`, url: meUrl, headers, pid: server.pid },
          settings,
        );
        const bodyBytes = Buffer.from(response.bodyBase64, 'base64').length;
        const notes = [
          `${settings.connections} connections, ${settings.rounds} alternating rounds of ${settings.durationS} s per side after ${settings.warmupS} s warm-up; body ${bodyBytes} bytes; server on PGlite, LOG_LEVEL=info to a file`,
          `p99 ratio (me / bare): ${formatRatio(cmp.p99Ratio)}; server CPU per request, bare / me: ${formatPercent(cmp.cpuCostRatio)} (the throughput ratio when both servers are CPU-bound)`,
        ];
        if (cmp.baseline.clientCpuShare > 0.9) {
          notes.push(
            `the load generator used ${formatPercent(cmp.baseline.clientCpuShare)} of a core against the bare route: it, not the server, set that pace, so the throughput ratio flatters ${API.me}; trust the CPU-per-request ratio`,
          );
        }
        return {
          tables: [
            {
              table: {
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
              },
            },
          ],
          targets: [
            target(
              `${API.me} throughput vs bare route`,
              cmp.throughputRatio,
              MIN_THROUGHPUT_RATIO,
              '>=',
              formatPercent,
            ),
          ],
          notes,
        };
      } finally {
        await bare.stop();
      }
    } finally {
      await server.stop();
    }
  },
};
