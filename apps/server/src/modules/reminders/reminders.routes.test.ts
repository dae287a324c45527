import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { users } from '../users/users.tables';
import { unsubscribeUrl } from './reminders.service';
import { family } from './reminders-testing';

// The mailed unsubscribe link (docs/product.md#class-reminders): GET asks, POST turns reminders
// off, with no sign-in; a mail client's RFC 8058 one-click post does the same.
describe('unsubscribe link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const linkOf = (userId: number) =>
    new URL(unsubscribeUrl({ secret: t.config.jwtSecret, appUrl: t.config.appUrl }, userId))
      .pathname;
  const choiceOf = async (userId: number) => {
    const [row] = await t.database.db
      .select({ choice: users.classReminders })
      .from(users)
      .where(eq(users.id, userId));
    return row?.choice;
  };

  it('GET shows a confirmation in the family’s language and changes nothing', async () => {
    const f = await family(t.database.db, { children: ['Mia'], locale: 'ja' });
    const res = await t.app.inject({ method: 'GET', url: linkOf(f.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.body).toContain('<html lang="ja">');
    expect(res.body).toContain(`<form method="post" action="${linkOf(f.id)}">`);
    expect(await choiceOf(f.id)).toBe('each_class');
  });

  it('a one-click POST turns reminders and the digest off', async () => {
    const f = await family(t.database.db, { children: ['Leo'], reminders: 'weekly_digest' });
    const res = await t.app.inject({
      method: 'POST',
      url: linkOf(f.id),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Class reminders are off');
    expect(await choiceOf(f.id)).toBe('off');
    // Some mail clients post the same field as multipart form data.
    const other = await family(t.database.db, { children: ['Zoe'] });
    const multipart = await t.app.inject({
      method: 'POST',
      url: linkOf(other.id),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(await choiceOf(other.id)).toBe('off');
    // Opening the link again says so, with no button.
    const again = await t.app.inject({ method: 'GET', url: linkOf(f.id) });
    expect(again.body).toContain('Class reminders are off');
    expect(again.body).not.toContain('<form');
  });

  it('a link whose signature does not match answers 404 and changes nothing', async () => {
    const victim = await family(t.database.db, { children: ['Kai'] });
    const mine = await family(t.database.db, { children: ['Ivy'] });
    const signature = linkOf(mine.id).split('.').at(-1);
    const forged = linkOf(victim.id).replace(/\.[\w-]+$/, `.${signature}`);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: forged });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This link does not work');
    }
    expect(await choiceOf(victim.id)).toBe('each_class');
  });
});
