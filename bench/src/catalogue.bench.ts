import { CLASSES_API, PAGE_SIZE } from '@atelier/contract';
import { demoAccount, signIn } from './harness/api';
import { captureResponse } from './harness/bare-server';
import { percentile } from './harness/load';
import { type Bench, formatKb, formatMs } from './harness/report';
import { startServer } from './harness/server';
import { loadSettings } from './harness/settings';
import { compareWithBareRoute } from './harness/versus-bare';

/** Decision 009: the public catalogue reaches at least 30% of a bare route's throughput. */
export const MIN_THROUGHPUT_RATIO = 0.3;
export const PROGRAMMES = 200;
export const SCHEDULES_PER_PROGRAMME = 5;
export const KLASSES_PER_SCHEDULE = 12;
/** Requests in flight while filling the database. */
const FILL_CONCURRENCY = 6;

type Api = (method: string, path: string, body?: unknown) => Promise<{ data: { id: string } }>;

function apiClient(baseUrl: string, token: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { data: { id: string } };
  };
}

/** Runs `task` for 0..count-1 with at most `limit` in flight. */
async function pool(count: number, limit: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Fills the server through its admin API: 200 published programmes, each with 5 schedules of 12
 * weekly sessions (all ahead, so all are "upcoming"), 2 plans per schedule and 1 add-on.
 */
async function fillCatalogue(api: Api, teacherId: string): Promise<string[]> {
  const plans = await Promise.all(
    [
      { name: 'Bench per class', base_price: 0, unit_price: 3500, unit_type: 'class' },
      { name: 'Bench term', base_price: 2000, unit_price: 30000, unit_type: 'term' },
      { name: 'Bench monthly', base_price: 0, unit_price: 11000, unit_type: 'month' },
    ].map(async (plan) => (await api('POST', CLASSES_API.plans, { plan })).data.id),
  );
  const start = new Date(Date.now() + 7 * 86_400_000);
  // 12 weeks minus a day: exactly 12 occurrences of any weekday.
  const end = new Date(start.getTime() + (KLASSES_PER_SCHEDULE * 7 - 1) * 86_400_000);
  await pool(PROGRAMMES, FILL_CONCURRENCY, async (i) => {
    const n = String(i + 1).padStart(3, '0');
    const group = await api('POST', CLASSES_API.klassGroups, {
      klass_group: {
        name: `Bench Programme ${n}`,
        description:
          'A programme made by the catalogue bench: still life, figure, colour and composition, a little of everything.',
        audience: (['kids', 'adults', 'all_ages'] as const)[i % 3],
        format: 'in_person',
        location: '214 Bergen Street, Brooklyn, NY 11217',
        min_age: 8,
        max_age: 99,
        published: true,
      },
    });
    for (let s = 0; s < SCHEDULES_PER_PROGRAMME; s++) {
      const schedule = await api('POST', CLASSES_API.klassGroupSchedules(group.data.id), {
        klass_group_schedule: {
          name: `Run ${s + 1}`,
          teacher_id: teacherId,
          capacity: 12,
          time_zone: 'America/New_York',
          start_date: isoDate(start),
          end_date: isoDate(end),
          slots: [{ weekday: (s % 7) + 1, start_time: '10:00', end_time: '12:00' }],
          exception_dates: [],
          plan_ids: [plans[s % 3], plans[(s + 1) % 3]],
        },
      });
      await api('POST', CLASSES_API.scheduleAddons(schedule.data.id), {
        addon: { name: 'Materials kit', price: 3500 },
      });
    }
  });
  return plans;
}

export const catalogueBench: Bench = {
  name: 'catalogue',
  title: `GET ${CLASSES_API.catalogue} (${PROGRAMMES} programmes × ${SCHEDULES_PER_PROGRAMME} schedules × ${KLASSES_PER_SCHEDULE} sessions) vs a bare Fastify route returning the same bytes`,
  async run() {
    const settings = loadSettings();
    const server = await startServer();
    try {
      const admin = apiClient(
        server.url,
        await signIn(server.url, demoAccount('admin@atelier.test')),
      );
      const teacherToken = await signIn(server.url, demoAccount('teacher@atelier.test'));
      const me = await fetch(`${server.url}/api/v1/users/me`, {
        headers: { authorization: `Bearer ${teacherToken}` },
      });
      const teacherId = ((await me.json()) as { data: { id: string } }).data.id;
      const filling = Date.now();
      const plans = await fillCatalogue(admin, teacherId);
      const fillS = (Date.now() - filling) / 1000;

      // fetch asks for compressed bodies by default: both sides are compared on the identity body,
      // captured and loaded with the same header.
      const identity = { 'accept-encoding': 'identity' };
      // Page 2: programmes 21–40 by name, all made above (page 1 mixes in the demo programmes).
      const url = `${server.url}${CLASSES_API.catalogue}?page=2`;

      // What a cache miss costs: each admin write drops the cached pages, the next read rebuilds.
      const missMs: number[] = [];
      for (let i = 0; i < 7; i++) {
        await admin('PATCH', CLASSES_API.plan(plans[0] as string), {
          plan: { name: `Bench per class ${i}` },
        });
        const started = performance.now();
        const res = await fetch(url, { headers: identity });
        await res.arrayBuffer();
        missMs.push(performance.now() - started);
      }
      missMs.sort((a, b) => a - b);

      const response = await captureResponse(url, { headers: identity });
      if (response.statusCode !== 200)
        throw new Error(`the catalogue answered ${response.statusCode}`);
      const body = Buffer.from(response.bodyBase64, 'base64');
      const doc = JSON.parse(body.toString()) as {
        data: unknown[];
        included: { type: string }[];
        meta: { total: number };
      };
      const count = (type: string) => doc.included.filter((r) => r.type === type).length;
      if (
        doc.data.length !== PAGE_SIZE ||
        count('klass_group_schedules') !== PAGE_SIZE * SCHEDULES_PER_PROGRAMME ||
        count('klasses') !== PAGE_SIZE * SCHEDULES_PER_PROGRAMME * KLASSES_PER_SCHEDULE
      ) {
        throw new Error(
          `unexpected page: ${doc.data.length} programmes, ${count('klass_group_schedules')} schedules, ${count('klasses')} sessions`,
        );
      }

      return await compareWithBareRoute({
        subject: {
          label: `GET ${CLASSES_API.catalogue}?page=2`,
          url,
          headers: identity,
          pid: server.pid,
        },
        response,
        settings,
        target: { name: 'catalogue throughput vs bare route', minRatio: MIN_THROUGHPUT_RATIO },
        notes: [
          `${doc.meta.total} published programmes (${PROGRAMMES} made by the bench, filled through the admin API in ${fillS.toFixed(0)} s, plus the demo seed); the page holds ${doc.data.length} programmes, ${count('klass_group_schedules')} schedules, ${count('klasses')} sessions, ${doc.included.length} included resources, ${formatKb(body.length)} of JSON`,
          'Accept-Encoding: identity on both sides (uncompressed bodies); server on PGlite, LOG_LEVEL=info to a file',
          `the catalogue serves bytes cached per page (dropped on every classes write, rebuilt at least every 5 s); a cache miss (8 queries, build, contract check, serialise) took p50 ${formatMs(percentile(missMs, 0.5))}, max ${formatMs(missMs.at(-1) ?? Number.NaN)} over ${missMs.length} misses`,
        ],
      });
    } finally {
      await server.stop();
    }
  },
};
