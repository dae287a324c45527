import { ACCOUNTS_API } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { nextIp, validRegistration } from '../modules/accounts/accounts-testing';
import { createTestApp, type TestApp, testConfig } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { DEV_MAIL_PATH } from './dev-mail.routes';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

describe('/dev/mail', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'http://localhost:3210' });
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  async function registerAndDeliver(email: string, name = 'Dev Reader') {
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.register,
      payload: { user: validRegistration(email, { name }) },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(202);
    await t.app.mail.worker.drain();
  }

  it('latest.json gives end-to-end tests the newest mail to an address, with its links', async () => {
    await registerAndDeliver('first@dev.test');
    await registerAndDeliver('Second@Dev.test');
    const res = await t.app.inject({
      method: 'GET',
      url: `${DEV_MAIL_PATH}/latest.json?to=SECOND@dev.test`,
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ to: 'second@dev.test', template: 'confirmation' });
    expect(data.links[0]).toMatch(/^http:\/\/localhost:3210\/app\/register\/[\w-]{43}$/);

    const none = await t.app.inject({
      method: 'GET',
      url: `${DEV_MAIL_PATH}/latest.json?to=nobody@dev.test`,
    });
    expect(none.statusCode).toBe(404);
  });

  it('lists messages newest first and shows one, with its HTML sandboxed', async () => {
    await registerAndDeliver('viewer@dev.test', '<script>alert(1)</script> Mallory');
    const list = await t.app.inject({ method: 'GET', url: `${DEV_MAIL_PATH}/messages.json` });
    const messages = list.json().data as { id: string; to: string }[];
    expect(messages[0]?.to).toBe('viewer@dev.test');
    expect(messages.map((m) => m.id)).toEqual([...messages.map((m) => m.id)].sort().reverse());

    const page = await t.app.inject({ method: 'GET', url: DEV_MAIL_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('viewer@dev.test');

    const id = messages[0]?.id ?? '';
    const view = await t.app.inject({ method: 'GET', url: `${DEV_MAIL_PATH}/${id}` });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('<iframe title="HTML version" sandbox');
    // The user-supplied name is escaped everywhere it is shown.
    expect(view.body).not.toContain('<script>alert(1)</script>');
    const html = await t.app.inject({ method: 'GET', url: `${DEV_MAIL_PATH}/${id}/html` });
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Mallory');
    const raw = await t.app.inject({ method: 'GET', url: `${DEV_MAIL_PATH}/${id}/raw` });
    expect(raw.headers['content-type']).toContain('message/rfc822');
    expect(raw.body).toContain('To: viewer@dev.test');
  });

  it('refuses ids that could walk out of the mail directory', async () => {
    for (const id of ['..%2F..%2Fjwt-secret', '..', 'a.b']) {
      const res = await t.app.inject({ method: 'GET', url: `${DEV_MAIL_PATH}/${id}/raw` });
      expect(res.statusCode).toBe(404);
    }
  });

  it('is never mounted in production', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig({ NODE_ENV: 'production' }), {
      database,
      mail: { worker: { autoStart: false } },
    });
    try {
      await app.ready();
      for (const url of [DEV_MAIL_PATH, `${DEV_MAIL_PATH}/latest.json?to=a@b.test`]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
      }
      expect(app.printRoutes()).not.toContain('dev/mail');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
