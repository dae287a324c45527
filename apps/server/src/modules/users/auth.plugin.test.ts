import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbPlugin } from '../../plugins/db';
import { errorsPlugin } from '../../plugins/errors';
import { pubsubPlugin } from '../../plugins/pubsub';
import { MemoryPubSub } from '../../pubsub/pubsub';
import { TEST_JWT_SECRET } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { authPlugin, requireRole, requireUser, sessionOf } from './auth.plugin';
import { insertTestUser } from './users-testing';

/** A small app with only the auth plugin and guarded routes, as a module would declare them. */
async function guardedApp(database: TestDatabase): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database, ownsDatabase: false });
  await app.register(pubsubPlugin, { pubsub: new MemoryPubSub() });
  await app.register(authPlugin, { secret: TEST_JWT_SECRET });
  app.get('/any-user', { onRequest: requireUser }, async (request) => ({
    id: sessionOf(request).user.id,
  }));
  app.get('/admin-only', { onRequest: requireRole('admin') }, async () => ({ ok: true }));
  app.get('/staff', { onRequest: requireRole('teacher', 'admin') }, async () => ({ ok: true }));
  app.get('/optional', async (request) => ({ signedIn: request.session !== null }));
  await app.ready();
  return app;
}

describe('auth plugin guards', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<'student' | 'teacher' | 'admin', string> = {
    student: '',
    teacher: '',
    admin: '',
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await guardedApp(database);
    for (const role of ['student', 'teacher', 'admin'] as const) {
      const id = await insertTestUser(database.db, {
        email: `${role}@guard.test`,
        password: 'pw',
        role,
      });
      tokens[role] = await app.sessions.issueSessionToken({ id, role });
    }
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (url: string, token?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('requireRole answers 403 JSON:API to a signed-in user of another role', async () => {
    const res = await get('/admin-only', tokens.student);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      errors: [
        { status: '403', code: 'forbidden', detail: 'Your account is not allowed to do that.' },
      ],
    });
    expect((await get('/admin-only', tokens.teacher)).statusCode).toBe(403);
  });

  it('requireRole lets every listed role through', async () => {
    expect((await get('/admin-only', tokens.admin)).statusCode).toBe(200);
    expect((await get('/staff', tokens.teacher)).statusCode).toBe(200);
    expect((await get('/staff', tokens.admin)).statusCode).toBe(200);
    expect((await get('/staff', tokens.student)).statusCode).toBe(403);
  });

  it('requireRole answers 401, not 403, to a guest', async () => {
    const res = await get('/admin-only');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0]).toEqual({
      status: '401',
      code: 'unauthorized',
      detail: 'Please sign in.',
    });
  });

  it('the role checked is the stored one, not the token claim', async () => {
    const id = await insertTestUser(database.db, { email: 'demoted@guard.test', password: 'pw' });
    // A token that claims admin for a student (as after a demotion): the database decides.
    const claimsAdmin = await app.sessions.issueSessionToken({ id, role: 'admin' });
    expect((await get('/admin-only', claimsAdmin)).statusCode).toBe(403);
  });

  it('requireUser gives the route the session', async () => {
    const res = await get('/any-user', tokens.teacher);
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().id).toBe('number');
    expect((await get('/any-user')).statusCode).toBe(401);
  });

  it('an unguarded route sees the session when there is one, a guest otherwise', async () => {
    expect((await get('/optional', tokens.student)).json()).toEqual({ signedIn: true });
    expect((await get('/optional')).json()).toEqual({ signedIn: false });
    expect((await get('/optional', 'garbage')).json()).toEqual({ signedIn: false });
  });
});
