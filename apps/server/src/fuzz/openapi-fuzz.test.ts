import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp, type SignedInUser, signedInUser } from '../modules/accounts/accounts-testing';
import { createTestApp, type TestApp } from '../testing/test-app';
import { badRequests, LEAKS, operationsOf } from './bad-input';

// Every operation of the API, as a guest and as an admin (who reaches the deepest code), with bad
// input of every kind: no answer may be a 5xx, and no body may show a stack, SQL or a file path.
describe('every API operation refuses bad input cleanly', { timeout: 120_000 }, () => {
  let t: TestApp;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, 'admin');
  }, 60_000);
  afterAll(() => t.close());

  it('answers no 5xx and leaks nothing', async () => {
    const operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      // A fresh token per operation: sign-out or a password change may revoke the last one.
      const jwt = await t.app.sessions.issueSessionToken({ id: admin.id, role: 'admin' });
      const fill = (param: string) =>
        param === 'token'
          ? 'not-a-real-token'
          : param === 'slug'
            ? 'no-such-slug'
            : String(admin.id);
      for (const actor of ['guest', 'admin'] as const) {
        for (const request of badRequests(op, fill)) {
          const res = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: {
              ...request.headers,
              ...(actor === 'admin' ? { authorization: `Bearer ${jwt}` } : {}),
            },
            payload: request.payload,
            // Rate limits count per client address; each request comes from another one.
            remoteAddress: nextIp(),
          });
          sent += 1;
          const where = `${actor} ${op.method} ${op.path} (${request.label})`;
          if (res.statusCode >= 500)
            failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          for (const [what, pattern] of LEAKS) {
            if (pattern.test(res.body))
              failures.push(`${where}: body shows ${what}: ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures, `${failures.length} of ${sent} requests`).toEqual([]);
  });
});
