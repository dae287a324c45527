// The child process behind the cable bench's baseline: a bare `ws` server speaking just enough of
// the Action Cable protocol for the bench's clients (welcome, confirm, the 3 s ping), fanning each
// message of one Redis channel out to every subscribed socket as one frame string made once. No
// authentication, no per-socket state beyond ws's own: the floor /cable is compared to.
import { Redis } from 'ioredis';
import { type WebSocket, WebSocketServer } from 'ws';

const PROTOCOL = 'actioncable-v1-json';
const PING_INTERVAL_MS = 3000;

const redisUrl = process.env.REDIS_URL;
const channel = process.env.BARE_CABLE_CHANNEL;
const identifier = process.env.BARE_CABLE_IDENTIFIER;
if (!redisUrl || !channel || !identifier) {
  throw new Error('REDIS_URL, BARE_CABLE_CHANNEL and BARE_CABLE_IDENTIFIER are required');
}

const subscribed = new Set<WebSocket>();
// Subscribed before listening: a client that got in must never miss a message.
const redis = new Redis(redisUrl, { enableReadyCheck: false });
redis.on('message', (_channel: string, raw: string) => {
  const frame = `{"identifier":${JSON.stringify(identifier)},"message":${raw}}`;
  for (const socket of subscribed) socket.send(frame);
});
await redis.subscribe(channel);

const server = new WebSocketServer({
  host: '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
  maxPayload: 64 * 1024,
  handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
});
server.on('connection', (socket) => {
  socket.send('{"type":"welcome"}');
  socket.on('message', (data) => {
    const command = JSON.parse(String(data)) as { command?: string; identifier?: string };
    if (command.command !== 'subscribe') return;
    subscribed.add(socket);
    socket.send(JSON.stringify({ identifier: command.identifier, type: 'confirm_subscription' }));
  });
  socket.on('close', () => subscribed.delete(socket));
});

setInterval(() => {
  const ping = JSON.stringify({ type: 'ping', message: Math.floor(Date.now() / 1000) });
  for (const socket of server.clients) socket.send(ping);
}, PING_INTERVAL_MS).unref();

server.on('listening', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ ready: true, port })}\n`);
});
process.on('SIGTERM', () => {
  for (const socket of server.clients) socket.terminate();
  server.close();
  redis.disconnect();
  process.exit(0);
});
