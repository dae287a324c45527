import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  ACCOUNTS_API,
  API,
  changeEmailResponseSchema,
  fieldMessages,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  sessionResponseSchema,
  userDocumentSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../mail/mail.tables';
import { latestMail, mailTo, tokenFromMail } from '../../mail/mail-testing';
import { Mailer } from '../../mail/mailer';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { verifyPassword } from '../users';
import { users } from '../users/users.tables';
import { changePassword } from './account-settings.service';
import { hashAccountToken } from './account-tokens';
import { ACCOUNT_LIMITS, accountsContextOf } from './accounts.context';
import { accountTokens } from './accounts.tables';
import { bearer, nextIp, type SignedInUser, signedInUser, uniqueEmail } from './accounts-testing';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

type FilePart = { field: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----atelier${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A phone photo: JPEG, with camera, owner and GPS data in its EXIF. */
function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#9A24F2' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Secret Owner', Make: 'PhoneCo', Model: 'Phone 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1' },
    })
    .toBuffer();
}

describe('account settings', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const updateUser = (jwt: string | null, id: number, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'PUT',
      url: ACCOUNTS_API.user(id),
      payload: body.payload,
      headers: { ...body.headers, ...(jwt ? bearer(jwt) : {}) },
    });
  const me = (jwt: string) => t.app.inject({ method: 'GET', url: API.me, headers: bearer(jwt) });
  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: API.signIn,
      payload: { auth: { email, password } },
      remoteAddress: nextIp(),
    });
  const rowOf = async (id: number) =>
    (await t.app.db.select().from(users).where(eq(users.id, id)))[0];

  describe('PUT /api/v1/users/{id}', () => {
    it('changes name, time zone and language, and the session sees them at once', async () => {
      const user = await signedInUser(t);
      expect((await me(user.jwt)).json().data.attributes.locale).toBe('en');
      const res = await updateUser(
        user.jwt,
        user.id,
        multipart({ name: '  Kei Tanaka ', timezone: 'Asia/Tokyo', locale: 'ja' }),
      );
      expect(res.statusCode).toBe(200);
      const { data } = userDocumentSchema.parse(res.json());
      expect(data.attributes).toMatchObject({
        name: 'Kei Tanaka',
        timezone: 'Asia/Tokyo',
        locale: 'ja',
      });
      expect((await me(user.jwt)).json().data.attributes).toMatchObject({
        name: 'Kei Tanaka',
        locale: 'ja',
      });
    });

    it('answers a null language until the owner chooses one, then keeps the choice', async () => {
      const user = await signedInUser(t, 'student', { locale: null });
      expect((await me(user.jwt)).json().data.attributes.locale).toBeNull();
      const res = await t.app.inject({
        method: 'PUT',
        url: ACCOUNTS_API.user(user.id),
        payload: { user: { locale: 'ja' } },
        headers: bearer(user.jwt),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.attributes.locale).toBe('ja');
      expect((await me(user.jwt)).json().data.attributes.locale).toBe('ja');
      expect((await rowOf(user.id))?.locale).toBe('ja');
    });

    it('keeps the family’s class reminders choice, which only its own answers show', async () => {
      const user = await signedInUser(t);
      expect((await me(user.jwt)).json().data.attributes.class_reminders).toBe('each_class');
      const res = await updateUser(
        user.jwt,
        user.id,
        multipart({ class_reminders: 'weekly_digest' }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.attributes.class_reminders).toBe('weekly_digest');
      expect((await me(user.jwt)).json().data.attributes.class_reminders).toBe('weekly_digest');
      expect((await rowOf(user.id))?.classReminders).toBe('weekly_digest');
      const bad = await updateUser(user.jwt, user.id, multipart({ class_reminders: 'hourly' }));
      expect(bad.statusCode).toBe(422);
      expect(fieldMessages(bad.json())).toEqual({ class_reminders: 'Invalid input' });
    });

    it('accepts the same fields as JSON {user} without a file', async () => {
      const user = await signedInUser(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: ACCOUNTS_API.user(user.id),
        payload: { user: { name: 'Json Name' } },
        headers: bearer(user.jwt),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.attributes.name).toBe('Json Name');
    });

    it('stores an uploaded avatar re-encoded, as a square thumbnail with no EXIF', async () => {
      const user = await signedInUser(t);
      const photo = await photoWithExif();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const res = await updateUser(
        user.jwt,
        user.id,
        multipart({}, { field: 'avatar', filename: 'me.jpg', type: 'image/jpeg', data: photo }),
      );
      expect(res.statusCode).toBe(200);
      const avatarUrl = userDocumentSchema.parse(res.json()).data.attributes.avatar_url;
      expect(avatarUrl).toMatch(/^\/uploads\/avatars\/.+/);

      const stored = await t.app.inject({ method: 'GET', url: avatarUrl ?? '' });
      expect(stored.statusCode).toBe(200);
      const image = stored.rawPayload;
      const meta = await sharp(image).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(meta.height);
      expect(image.includes(Buffer.from('Secret Owner'))).toBe(false);
      expect(image.includes(Buffer.from('PhoneCo'))).toBe(false);
      expect((await me(user.jwt)).json().data.attributes.avatar_url).toBe(avatarUrl);

      const removed = await updateUser(user.jwt, user.id, multipart({ remove_avatar: 'true' }));
      expect(removed.json().data.attributes.avatar_url).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: avatarUrl ?? '' })).statusCode).toBe(404);
    });

    it('refuses an avatar over 5 MB or of another type with a 422 on avatar', async () => {
      const user = await signedInUser(t);
      const big = Buffer.concat([await photoWithExif(), randomBytes(5 * 1024 * 1024 + 1)]);
      const tooBig = await updateUser(
        user.jwt,
        user.id,
        multipart(
          { name: 'Not Saved' },
          { field: 'avatar', filename: 'big.jpg', type: 'image/jpeg', data: big },
        ),
      );
      expect(tooBig.statusCode, tooBig.body).toBe(422);
      expect(fieldMessages(tooBig.json())).toEqual({ avatar: IMAGE_TOO_LARGE_MESSAGE });

      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer();
      for (const file of [
        { field: 'avatar', filename: 'a.gif', type: 'image/gif', data: gif },
        {
          field: 'avatar',
          filename: 'fake.jpg',
          type: 'image/jpeg',
          data: Buffer.from('%PDF-1.7'),
        },
      ]) {
        const res = await updateUser(user.jwt, user.id, multipart({}, file));
        expect(res.statusCode).toBe(422);
        expect(fieldMessages(res.json())).toEqual({ avatar: IMAGE_TYPE_MESSAGE });
      }
      expect((await rowOf(user.id))?.name).not.toBe('Not Saved');
      expect((await rowOf(user.id))?.avatarKey).toBeNull();
    });

    it('answers field messages for bad text fields', async () => {
      const user = await signedInUser(t);
      const res = await updateUser(
        user.jwt,
        user.id,
        multipart({ name: '   ', timezone: 'Nowhere/City', locale: 'fr' }),
      );
      expect(res.statusCode).toBe(422);
      expect(fieldMessages(res.json())).toEqual({
        name: 'Required',
        timezone: ACCOUNT_MESSAGES.timezoneInvalid,
        locale: 'Invalid input',
      });
    });

    it('lets a user change only their own account, and an admin anyone’s', async () => {
      const student = await signedInUser(t, 'student');
      const other = await signedInUser(t, 'student');
      const teacher = await signedInUser(t, 'teacher');
      const admin = await signedInUser(t, 'admin');
      const body = () => multipart({ name: 'Changed By Someone' });

      expect((await updateUser(null, student.id, body())).statusCode).toBe(401);
      expect((await updateUser(other.jwt, student.id, body())).statusCode).toBe(403);
      expect((await updateUser(teacher.jwt, student.id, body())).statusCode).toBe(403);
      expect((await rowOf(student.id))?.name).not.toBe('Changed By Someone');

      const byAdmin = await updateUser(admin.jwt, student.id, body());
      expect(byAdmin.statusCode).toBe(200);
      expect((await rowOf(student.id))?.name).toBe('Changed By Someone');
      expect((await updateUser(admin.jwt, 999_999, body())).statusCode).toBe(404);
    });

    it('lets a teacher set, trim and clear a multi-line bio, which their own profile returns', async () => {
      const teacher = await signedInUser(t, 'teacher');
      expect((await me(teacher.jwt)).json().data.attributes.bio).toBeNull();
      const bio = 'Painter and printmaker.\nTeaches\tdrawing from life.';
      const res = await updateUser(teacher.jwt, teacher.id, multipart({ bio: `  ${bio}\n ` }));
      expect(res.statusCode).toBe(200);
      expect(userDocumentSchema.parse(res.json()).data.attributes.bio).toBe(bio);
      expect((await me(teacher.jwt)).json().data.attributes.bio).toBe(bio);
      expect((await rowOf(teacher.id))?.bio).toBe(bio);

      // Other fields leave it alone; an empty one removes it.
      await updateUser(teacher.jwt, teacher.id, multipart({ name: 'Theo Tanaka' }));
      expect((await rowOf(teacher.id))?.bio).toBe(bio);
      const cleared = await updateUser(teacher.jwt, teacher.id, multipart({ bio: '  ' }));
      expect(cleared.json().data.attributes.bio).toBeNull();
      expect((await rowOf(teacher.id))?.bio).toBeNull();
    });

    it('refuses an over-long bio or one with control characters with a message on bio', async () => {
      const admin = await signedInUser(t, 'admin');
      const long = await updateUser(admin.jwt, admin.id, multipart({ bio: 'x'.repeat(1001) }));
      expect(long.statusCode).toBe(422);
      expect(fieldMessages(long.json())).toEqual({ bio: ACCOUNT_MESSAGES.bioTooLong });
      const control = await t.app.inject({
        method: 'PUT',
        url: ACCOUNTS_API.user(admin.id),
        payload: { user: { bio: 'bell\u0007' } },
        headers: bearer(admin.jwt),
      });
      expect(control.statusCode).toBe(422);
      expect(fieldMessages(control.json())).toEqual({ bio: 'Must not contain control characters' });
      expect((await rowOf(admin.id))?.bio).toBeNull();
      const fits = await updateUser(admin.jwt, admin.id, multipart({ bio: 'x'.repeat(1000) }));
      expect(fits.statusCode).toBe(200);
    });

    it('keeps a Japanese bio beside the English one, which their own profile returns as written', async () => {
      const teacher = await signedInUser(t, 'teacher');
      expect((await me(teacher.jwt)).json().data.attributes.translations).toEqual({});
      const ja = '油絵と版画の講師です。\n土曜日に教えています。';
      const res = await updateUser(
        teacher.jwt,
        teacher.id,
        multipart({ bio: 'Painter.', 'translations.ja.bio': ` ${ja} ` }),
      );
      expect(res.statusCode).toBe(200);
      const attributes = userDocumentSchema.parse(res.json()).data.attributes;
      // Account settings edits both, so the own answer holds both whatever the account's language.
      expect(attributes.bio).toBe('Painter.');
      expect(attributes.translations).toEqual({ ja: { bio: ja } });
      expect((await rowOf(teacher.id))?.translations).toEqual({ ja: { bio: ja } });
      await updateUser(teacher.jwt, teacher.id, multipart({ locale: 'ja' }));
      const mine = (await me(teacher.jwt)).json().data.attributes;
      expect(mine.bio).toBe('Painter.');
      expect(mine.translations).toEqual({ ja: { bio: ja } });

      // JSON takes the same member; leaving it out keeps it, an empty one removes it.
      await updateUser(teacher.jwt, teacher.id, multipart({ bio: 'Painter and printmaker.' }));
      expect((await rowOf(teacher.id))?.translations).toEqual({ ja: { bio: ja } });
      const cleared = await t.app.inject({
        method: 'PUT',
        url: ACCOUNTS_API.user(teacher.id),
        payload: { user: { translations: { ja: { bio: '  ' } } } },
        headers: bearer(teacher.jwt),
      });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().data.attributes.translations).toEqual({});
      expect((await rowOf(teacher.id))?.translations).toEqual({});
      expect((await rowOf(teacher.id))?.bio).toBe('Painter and printmaker.');
    });

    it("refuses an over-long Japanese bio, or one on a family's account, with a message on its field", async () => {
      const admin = await signedInUser(t, 'admin');
      const long = await updateUser(
        admin.jwt,
        admin.id,
        multipart({ 'translations.ja.bio': 'あ'.repeat(1001) }),
      );
      expect(long.statusCode).toBe(422);
      expect(fieldMessages(long.json())).toEqual({
        'translations.ja.bio': ACCOUNT_MESSAGES.bioTooLong,
      });
      const student = await signedInUser(t, 'student');
      const refused = await updateUser(
        admin.jwt,
        student.id,
        multipart({ 'translations.ja.bio': 'こんにちは' }),
      );
      expect(refused.statusCode).toBe(422);
      expect(fieldMessages(refused.json())).toEqual({
        'translations.ja.bio': ACCOUNT_MESSAGES.bioNotAllowed,
      });
      expect((await rowOf(student.id))?.translations).toEqual({});
      expect((await rowOf(admin.id))?.translations).toEqual({});
    });

    it("refuses a bio on a family's account (a 422 on bio), even from an admin", async () => {
      const student = await signedInUser(t, 'student');
      const admin = await signedInUser(t, 'admin');
      for (const jwt of [student.jwt, admin.jwt]) {
        const res = await updateUser(jwt, student.id, multipart({ name: 'Sam S', bio: 'Hi' }));
        expect(res.statusCode).toBe(422);
        expect(fieldMessages(res.json())).toEqual({ bio: ACCOUNT_MESSAGES.bioNotAllowed });
      }
      const row = await rowOf(student.id);
      expect(row?.bio).toBeNull();
      expect(row?.name).not.toBe('Sam S');
    });
  });

  describe('e-mail change', () => {
    const requestChange = (actor: SignedInUser, id: number, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: ACCOUNTS_API.userEmail(id),
        payload,
        headers: bearer(actor.jwt),
      });
    const apply = (token: string) =>
      t.app.inject({ method: 'PUT', url: ACCOUNTS_API.emailToken(token) });

    it('mails the new address, changes nothing until its link is opened, then tells the old one', async () => {
      const user = await signedInUser(t);
      const newEmail = uniqueEmail('moved');
      const res = await requestChange(user, user.id, {
        email: newEmail.toUpperCase(),
        current_password: user.password,
      });
      expect(res.statusCode).toBe(202);
      const body = changeEmailResponseSchema.parse(res.json());
      expect(body.meta.pending_email).toBe(newEmail);
      expect(body.data.attributes.email).toBe(user.email);
      expect((await rowOf(user.id))?.email).toBe(user.email);

      const mail = await latestMail(t.app, newEmail);
      expect(mail?.template).toBe('email_change_confirm');
      const token = tokenFromMail(mail, '/account_settings/email/');

      const applied = await apply(token);
      expect(applied.statusCode).toBe(200);
      expect(userDocumentSchema.parse(applied.json()).data.attributes.email).toBe(newEmail);
      expect((await rowOf(user.id))?.email).toBe(newEmail);
      expect((await latestMail(t.app, user.email))?.template).toBe('email_changed');
      expect((await latestMail(t.app, user.email))?.text).toContain(newEmail);
      expect((await me(user.jwt)).json().data.attributes.email).toBe(newEmail);
      expect((await signIn(newEmail, user.password)).statusCode).toBe(200);

      const again = await apply(token);
      expect(again.statusCode).toBe(410);
      expect(again.json().errors[0].meta).toEqual({ reason: 'used' });
    });

    it('needs the current password for one’s own address', async () => {
      const user = await signedInUser(t);
      const missing = await requestChange(user, user.id, { email: uniqueEmail('x') });
      expect(fieldMessages(missing.json())).toEqual({ current_password: 'Required' });
      const wrong = await requestChange(user, user.id, {
        email: uniqueEmail('x'),
        current_password: 'not my password',
      });
      expect(wrong.statusCode).toBe(422);
      expect(fieldMessages(wrong.json())).toEqual({
        current_password: ACCOUNT_MESSAGES.passwordIncorrect,
      });
      const same = await requestChange(user, user.id, {
        email: user.email,
        current_password: user.password,
      });
      expect(fieldMessages(same.json())).toEqual({ email: ACCOUNT_MESSAGES.emailUnchanged });
    });

    it('an address that has an account gets a notice instead, and the answer looks the same', async () => {
      const user = await signedInUser(t);
      const taken = await signedInUser(t);
      const free = uniqueEmail('free');
      const toTaken = await requestChange(user, user.id, {
        email: taken.email,
        current_password: user.password,
      });
      const toFree = await requestChange(user, user.id, {
        email: free,
        current_password: user.password,
      });
      expect(toTaken.statusCode).toBe(toFree.statusCode);
      expect(toTaken.json().data).toEqual(toFree.json().data);
      expect((await latestMail(t.app, taken.email))?.template).toBe('email_taken');
      expect((await mailTo(t.app, taken.email)).some((m) => m.text.includes('email_token'))).toBe(
        false,
      );
      expect((await rowOf(taken.id))?.email).toBe(taken.email);
    });

    it('409 when the address was taken between the request and the click', async () => {
      const user = await signedInUser(t);
      const wanted = uniqueEmail('contested');
      await requestChange(user, user.id, { email: wanted, current_password: user.password });
      const token = tokenFromMail(await latestMail(t.app, wanted), '/account_settings/email/');
      await signedInUser(t, 'student', { email: wanted });
      const res = await apply(token);
      expect(res.statusCode).toBe(409);
      expect((await rowOf(user.id))?.email).toBe(user.email);
    });

    it('an expired link is 410 expired', async () => {
      const user = await signedInUser(t);
      const wanted = uniqueEmail('slow');
      await requestChange(user, user.id, { email: wanted, current_password: user.password });
      const token = tokenFromMail(await latestMail(t.app, wanted), '/account_settings/email/');
      await t.app.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(accountTokens.tokenHash, hashAccountToken(token)));
      const res = await apply(token);
      expect(res.statusCode).toBe(410);
      expect(res.json().errors[0].meta).toEqual({ reason: 'expired' });
    });

    it('an admin changes another account’s address without its password; a teacher may not', async () => {
      const student = await signedInUser(t);
      const admin = await signedInUser(t, 'admin');
      const teacher = await signedInUser(t, 'teacher');
      expect(
        (await requestChange(teacher, student.id, { email: uniqueEmail('t') })).statusCode,
      ).toBe(403);
      const wanted = uniqueEmail('by-admin');
      expect((await requestChange(admin, student.id, { email: wanted })).statusCode).toBe(202);
      expect((await latestMail(t.app, wanted))?.template).toBe('email_change_confirm');
    });
  });

  describe('password change', () => {
    const change = (actor: SignedInUser, id: number, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: ACCOUNTS_API.userPassword(id),
        payload,
        headers: bearer(actor.jwt),
      });

    it('needs the current password, signs out the other sessions and hands back a fresh token', async () => {
      const user = await signedInUser(t);
      const otherDevice = await t.app.sessions.issueSessionToken({ id: user.id, role: 'student' });

      const wrong = await change(user, user.id, {
        current_password: 'not the password',
        password: 'my next password 77',
      });
      expect(wrong.statusCode).toBe(422);
      expect(fieldMessages(wrong.json())).toEqual({
        current_password: ACCOUNT_MESSAGES.passwordIncorrect,
      });
      expect((await me(otherDevice)).statusCode).toBe(200);

      const res = await change(user, user.id, {
        current_password: user.password,
        password: 'my next password 77',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.authorization).toBeUndefined();
      const { jwt } = sessionResponseSchema.parse(res.json()).data;
      expect((await me(jwt)).statusCode).toBe(200);
      expect((await me(user.jwt)).statusCode).toBe(401);
      expect((await me(otherDevice)).statusCode).toBe(401);
      expect((await signIn(user.email, 'my next password 77')).statusCode).toBe(200);
      expect((await latestMail(t.app, user.email))?.template).toBe('password_changed');
    });

    it('refuses common and short passwords with field messages', async () => {
      const user = await signedInUser(t);
      const common = await change(user, user.id, {
        current_password: user.password,
        password: 'welcome123',
      });
      expect(fieldMessages(common.json())).toEqual({
        password: ACCOUNT_MESSAGES.passwordTooCommon,
      });
      const missing = await change(user, user.id, {});
      expect(fieldMessages(missing.json())).toEqual({
        current_password: 'Required',
        password: 'Required',
      });
    });

    it('is refused for anyone else’s account, admins included', async () => {
      const student = await signedInUser(t);
      const admin = await signedInUser(t, 'admin');
      const res = await change(admin, student.id, {
        current_password: admin.password,
        password: 'taken over password 1',
      });
      expect(res.statusCode).toBe(403);
      expect((await signIn(student.email, student.password)).statusCode).toBe(200);
    });

    it('limits guesses of the current password', async () => {
      const user = await signedInUser(t);
      const guess = () =>
        change(user, user.id, { current_password: 'guess guess', password: 'whatever new 123' });
      for (let i = 0; i < ACCOUNT_LIMITS.passwordCheckPerAccount.limit; i++) {
        expect((await guess()).statusCode).toBe(422);
      }
      expect((await guess()).statusCode).toBe(429);
    });
  });

  it('a change whose mail cannot be queued is rolled back whole: no mail, password unchanged', async () => {
    const user = await signedInUser(t);
    const realMailer = new Mailer({
      schoolName: 'S',
      appUrl: 'http://x.test',
      contactEmail: 'c@x.test',
    });
    // Queues for real inside the transaction, then fails: as if the change broke after it.
    const failingMailer = Object.assign(Object.create(realMailer) as Mailer, {
      queue: async (...args: Parameters<Mailer['queue']>) => {
        await realMailer.queue(...args);
        throw new Error('the change failed after its mail was queued');
      },
    });
    const ctx = accountsContextOf({
      db: t.app.db,
      mailer: failingMailer,
      sessions: t.app.sessions,
      images: t.app.images,
    });
    await expect(
      changePassword(ctx, user, user.id, {
        current_password: user.password,
        password: 'never stored password',
      }),
    ).rejects.toThrow('failed after its mail was queued');
    const outbox = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, user.email));
    expect(outbox).toHaveLength(0);
    const row = await rowOf(user.id);
    expect(await verifyPassword(row?.passwordHash ?? '', user.password)).toBe(true);
    expect((await me(user.jwt)).statusCode).toBe(200);
  });
});
