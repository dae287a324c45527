import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON body serialized ahead of time (and checked against the route's response schema
 * when it was made): Fastify sends a string with a JSON content type as it is, skipping the
 * route's serializer. The plain FastifyReply type here is the point: a route's typed reply accepts
 * only the schema's object, not its serialized form.
 */
export function sendSerialized(reply: FastifyReply, json: string): void {
  reply.type('application/json; charset=utf-8').send(json);
}
