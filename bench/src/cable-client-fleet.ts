// A child process of the cable bench holding one side's client sockets: a process's open-file limit
// (20,000 here, and no raising it without CAP_SYS_RESOURCE) cannot hold both sides' 10,000, and
// each side's sockets read their frames on an event loop of their own. Driven over IPC by
// cable.bench.ts: `grow` to a number of subscribed sockets, `broadcast` (publish one message on
// Redis and time its arrival at every socket), `close`.
import { CABLE_PROTOCOL, cablePath, NOTIFICATIONS_CHANNEL } from '@atelier/contract';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import {
  importSessionKey,
  signSessionToken,
} from '../../apps/server/src/modules/users/session-tokens';

export type FleetCommand = { cmd: 'grow'; total: number } | { cmd: 'broadcast' } | { cmd: 'close' };
export type FleetReply =
  | { done: 'grow'; sockets: number; connectMs: number[] }
  | { done: 'broadcast'; latenciesMs: number[] }
  | { error: string };

/** How a fleet reaches its server: the real /cable (a session token per socket) or the bare one. */
export type FleetConfig = {
  label: string;
  /** `ws://host:port`; /cable (with `?token=` for the real server) is added per socket. */
  origin: string;
  /** Set for the real server: sockets sign in as this user with tokens signed by `secret`. */
  session?: { secret: string; userId: number };
  redisUrl: string;
  channel: string;
  message: string;
};

const IDENTIFIER = JSON.stringify({ channel: NOTIFICATIONS_CHANNEL });
const SUBSCRIBE = JSON.stringify({ command: 'subscribe', identifier: IDENTIFIER });
/** Handshakes in flight at once while opening sockets. */
const CONNECT_CONCURRENCY = 100;
/** Frames longer than this after the confirmation are broadcasts; pings are ~35 bytes. */
const BROADCAST_MIN_BYTES = 200;
/** Spreads sockets over loopback addresses, so ephemeral ports never run short. */
const CLIENT_ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'];

const config = JSON.parse(process.env.CABLE_FLEET ?? 'null') as FleetConfig | null;
if (!config) throw new Error('CABLE_FLEET is not set');
const key = config.session ? await importSessionKey(config.session.secret) : null;
const publisher = new Redis(config.redisUrl);
const sockets: WebSocket[] = [];
let current: { t0: number; samples: number[] } | null = null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function socketUrl(): Promise<string> {
  if (!key || !config?.session) return `${config?.origin}/cable`;
  const token = await signSessionToken(key, { id: config.session.userId, role: 'student' });
  return `${config.origin}${cablePath(token)}`;
}

/** Opens one socket, waits for the welcome, subscribes, waits for the confirmation. */
function openSocket(url: string, localAddress: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, CABLE_PROTOCOL, {
      perMessageDeflate: false,
      localAddress,
      skipUTF8Validation: true,
    });
    let confirmed = false;
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`${config?.label}: no confirmation within 60 s`));
    }, 60_000);
    socket.on('message', (data: Buffer) => {
      if (confirmed) {
        // Only the arrival time: parsing thousands of frames would measure this process.
        if (current && data.length > BROADCAST_MIN_BYTES) {
          current.samples.push(performance.now() - current.t0);
        }
        return;
      }
      const frame = JSON.parse(String(data)) as { type?: string };
      if (frame.type === 'welcome') socket.send(SUBSCRIBE);
      else if (frame.type === 'confirm_subscription') {
        confirmed = true;
        clearTimeout(timer);
        resolve(socket);
      } else if (frame.type === 'reject_subscription' || frame.type === 'disconnect') {
        clearTimeout(timer);
        socket.terminate();
        reject(new Error(`${config?.label}: ${String(data)}`));
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function grow(total: number): Promise<FleetReply> {
  const connectMs: number[] = [];
  let next = sockets.length;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const started = performance.now();
      const url = await socketUrl();
      sockets.push(await openSocket(url, CLIENT_ADDRESSES[i % CLIENT_ADDRESSES.length] as string));
      connectMs.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return { done: 'grow', sockets: sockets.length, connectMs };
}

/** Publishes once and waits until every socket has the message: each one's latency in ms. */
async function broadcast(): Promise<FleetReply> {
  const measuring = { t0: performance.now(), samples: [] as number[] };
  current = measuring;
  await publisher.publish(config?.channel as string, config?.message as string);
  const deadline = Date.now() + 60_000;
  while (measuring.samples.length < sockets.length) {
    if (Date.now() > deadline) {
      throw new Error(
        `${config?.label}: a broadcast reached ${measuring.samples.length} of ${sockets.length} sockets in 60 s`,
      );
    }
    await sleep(2);
  }
  current = null;
  return { done: 'broadcast', latenciesMs: measuring.samples };
}

process.on('message', (command: FleetCommand) => {
  const send = (reply: FleetReply) => process.send?.(reply);
  if (command.cmd === 'close') {
    for (const socket of sockets) socket.terminate();
    publisher.disconnect();
    process.disconnect?.();
    return;
  }
  const work = command.cmd === 'grow' ? grow(command.total) : broadcast();
  work.then(send, (error: unknown) =>
    send({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.send?.({ done: 'grow', sockets: 0, connectMs: [] } satisfies FleetReply);
