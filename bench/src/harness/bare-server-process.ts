// The child process behind bareFastifyServer(): one Fastify route answering a fixed response.
// Logging, validation, plugins and hooks are all off: this is the floor a real route is compared to.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { BareResponse } from './bare-server';

const specFile = process.env.BARE_RESPONSE_FILE;
if (!specFile) throw new Error('BARE_RESPONSE_FILE is not set');
const spec = JSON.parse(readFileSync(specFile, 'utf8')) as BareResponse;
const body = Buffer.from(spec.bodyBase64, 'base64');

const app = Fastify({ logger: false });
app.route({
  method: spec.method,
  url: spec.path,
  handler: (_request, reply) => {
    reply.code(spec.statusCode).headers(spec.headers).send(body);
  },
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
