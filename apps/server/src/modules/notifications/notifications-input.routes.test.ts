import { API, fieldMessages, ID_MAX } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bearer, type SignedInUser, signedInUser } from '../accounts/accounts-testing';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

// Notification ids and pages go through the contract's id and page schemas: no coercion, so
// `0x10` or `1e3` are refused, and nothing beyond a PostgreSQL integer reaches the database.
describe('notifications: ids and pages the database cannot hold', { timeout: 60_000 }, () => {
  let t: TestApp;
  let reader: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    reader = await signedInUser(t, 'student');
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers malformed or overflowing ids and pages with 422, the largest id with 404', async () => {
    for (const bad of ['2147483648', '9223372036854775808', '0x10', '1e3', '0', '-1']) {
      const read = await t.app.inject({
        method: 'PUT',
        url: API.notificationMarkRead(bad),
        headers: bearer(reader.jwt),
      });
      expect(read.statusCode, bad).toBe(422);
      expect(fieldMessages(read.json())).toEqual({ id: 'Invalid input' });
      const page = await t.app.inject({
        method: 'GET',
        url: `${API.notifications}?page=${bad}`,
        headers: bearer(reader.jwt),
      });
      expect(page.statusCode, bad).toBe(422);
    }
    const largest = await t.app.inject({
      method: 'PUT',
      url: API.notificationMarkRead(ID_MAX),
      headers: bearer(reader.jwt),
    });
    expect(largest.statusCode).toBe(404);
  });
});
