import { ACCOUNTS_API } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import {
  bearer,
  nextIp,
  signedInUser,
  validRegistration,
} from '../modules/accounts/accounts-testing';
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

// docs/decisions/050-dev-mailbox-and-upload-limits.md: the mailbox holds every password reset, so reading it is
// taking over any account. The attack: ask a reset for the admin, then read it back.
describe('/dev/mail reachable from other machines', { timeout: 60_000 }, () => {
  async function resetAdminThenRead(t: TestApp, headers: Record<string, string> = {}) {
    const admin = await signedInUser(t, 'admin');
    const asked = await t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.passwordResets,
      payload: { email: admin.email },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode).toBeLessThan(300);
    await t.app.mail.worker.drain();
    return {
      admin,
      read: await t.app.inject({
        method: 'GET',
        url: `${DEV_MAIL_PATH}/latest.json?to=${encodeURIComponent(admin.email)}`,
        headers,
      }),
    };
  }

  it(
    'is off unasked on a server listening on every interface, even when not marked production',
    async () => {
      const t = await createTestApp({ NODE_ENV: 'development', HOST: '0.0.0.0' });
      try {
        const { read } = await resetAdminThenRead(t);
        expect(read.statusCode).toBe(404);
        expect(t.app.printRoutes()).not.toContain('dev/mail');
      } finally {
        await t.close();
      }
    },
    HOOK_TIMEOUT_MS,
  );

  it(
    'is off unasked behind a proxy, and when mail goes out over SMTP',
    async () => {
      const envs: Record<string, string>[] = [
        { TRUST_PROXY: '1' },
        { SMTP_URL: 'smtp://127.0.0.1:1' },
      ];
      for (const env of envs) {
        const t = await createTestApp({ NODE_ENV: 'development', ...env });
        try {
          expect(t.app.printRoutes()).not.toContain('dev/mail');
        } finally {
          await t.close();
        }
      }
    },
    HOOK_TIMEOUT_MS,
  );

  it(
    'turned on explicitly, answers admins only: 401 for a guest, 403 for a parent',
    async () => {
      const t = await createTestApp({ HOST: '0.0.0.0', DEV_MAILBOX: '1' });
      try {
        const { admin, read } = await resetAdminThenRead(t);
        expect(read.statusCode).toBe(401);
        const parent = await signedInUser(t, 'student');
        for (const url of [DEV_MAIL_PATH, `${DEV_MAIL_PATH}/messages.json`]) {
          expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
          const asParent = await t.app.inject({ method: 'GET', url, headers: bearer(parent.jwt) });
          expect(asParent.statusCode).toBe(403);
        }
        const asAdmin = await t.app.inject({
          method: 'GET',
          url: `${DEV_MAIL_PATH}/latest.json?to=${encodeURIComponent(admin.email)}`,
          headers: bearer(admin.jwt),
        });
        expect(asAdmin.statusCode).toBe(200);
        expect(asAdmin.json().data.template).toBe('password_reset');
      } finally {
        await t.close();
      }
    },
    HOOK_TIMEOUT_MS,
  );

  it(
    'DEV_MAILBOX=0 turns it off on a loopback server too',
    async () => {
      const t = await createTestApp({ DEV_MAILBOX: '0' });
      try {
        expect(t.app.printRoutes()).not.toContain('dev/mail');
      } finally {
        await t.close();
      }
    },
    HOOK_TIMEOUT_MS,
  );
});
