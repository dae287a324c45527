import { CONTACT_MESSAGE_MAX_LENGTH } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, mailTo } from '../../mail/mail-testing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CONTACT_LIMITS } from './contact.service';

// /contact-us on a fresh database, built once: the form without JavaScript, what a post mails
// (read from the outbox), and everything a post may be refused for — as HTML pages, never a 500.

const FORM = 'application/x-www-form-urlencoded';
let ipCounter = 0;
/** Each test's posts come from an address of their own, so rate limits do not leak between them. */
const nextIp = () => `198.51.100.${++ipCounter}`;
let emailCounter = 0;
const uniqueEmail = () => `sender-${++emailCounter}-${Date.now().toString(36)}@example.com`;

const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('/contact-us', { timeout: 120_000 }, () => {
  let t: TestApp;
  let school: string;

  const post = (
    payload: string | Record<string, string>,
    options: { ip?: string; headers?: Record<string, string>; url?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: options.url ?? '/contact-us',
      payload: typeof payload === 'string' ? payload : encode(payload),
      remoteAddress: options.ip ?? nextIp(),
      headers: { 'content-type': FORM, accept: 'text/html', ...options.headers },
    });
  const valid = (email: string, overrides: Record<string, string> = {}) => ({
    name: 'Rin Tanaka',
    email,
    message: 'Do you have a class for a 7-year-old on Saturdays?\n\nThank you!',
    website: '',
    ...overrides,
  });
  const schoolMailCount = async () =>
    (await mailTo(t.app, school)).filter((m) => m.template === 'contact_message').length;

  beforeAll(async () => {
    t = await createTestApp();
    school = t.config.contactEmail;
  }, 120_000);
  afterAll(() => t.close());

  it('shows a form of labelled fields that posts here, with a honeypot nobody sees', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/contact-us',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<form class="contact" method="post" action="/contact-us"');
    for (const [field, label] of [
      ['name', 'Your name'],
      ['email', 'Your e-mail address'],
      ['message', 'Message'],
    ]) {
      expect(body).toContain(`<label for="contact-${field}">${label} `);
      expect(body).toMatch(new RegExp(`id="contact-${field}" name="${field}" required`));
    }
    expect(body).toContain('<div class="hp"><label for="contact-website">');
    expect(body).toContain('.hp{display:none}');
    expect(body).toContain(
      '<button class="btn btn-primary btn-large" type="submit">Send message</button>',
    );
    expect(body).toContain(`<a href="mailto:${school}">${school}</a>`);
    // No script runs on the page: the policy allows none.
    expect(res.headers['content-security-policy']).toContain("script-src 'none'");
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('mails a valid message to the school and a confirmation to the sender, then redirects (303) to thanks', async () => {
    const sender = uniqueEmail();
    const res = await post(valid(sender), { headers: { origin: t.config.appUrl } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact-us?sent=1');

    const toSchool = await latestMail(t.app, school, 'contact_message');
    expect(toSchool?.locale).toBe('en');
    expect(toSchool?.subject).toContain('message from Rin Tanaka');
    expect(toSchool?.text).toContain(
      `Rin Tanaka (${sender}) wrote through the contact form (in English):`,
    );
    expect(toSchool?.text).toContain(
      'Do you have a class for a 7-year-old on Saturdays?\n\nThank you!',
    );
    const confirmation = await latestMail(t.app, sender, 'contact_received');
    expect(confirmation?.locale).toBe('en');
    expect(confirmation?.text).toContain('Hello Rin Tanaka,');
    expect(confirmation?.text).not.toContain('7-year-old');

    const thanks = await t.app.inject({
      method: 'GET',
      url: res.headers.location as string,
      headers: { accept: 'text/html' },
    });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('<h1>Thank you!</h1>');
    expect(thanks.body).toContain('<meta name="robots" content="noindex">');
  });

  it('confirms in the language of the page, and keeps a chosen language through the redirect', async () => {
    const sender = uniqueEmail();
    const res = await post(valid(sender, { name: '田中 凛' }), {
      url: '/contact-us?lang=ja',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact-us?sent=1&lang=ja');
    const confirmation = await latestMail(t.app, sender, 'contact_received');
    expect(confirmation?.locale).toBe('ja');
    expect(confirmation?.subject).toContain('お問い合わせを受け付けました');
    expect((await latestMail(t.app, school, 'contact_message'))?.text).toContain('(in Japanese)');

    const byHeader = uniqueEmail();
    await post(valid(byHeader), { headers: { 'accept-language': 'ja,en;q=0.5' } });
    expect((await latestMail(t.app, byHeader, 'contact_received'))?.locale).toBe('ja');
  });

  it('answers a filled honeypot like a success and sends nothing', async () => {
    const sender = uniqueEmail();
    const before = await schoolMailCount();
    const res = await post(valid(sender, { website: 'http://spam.example' }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact-us?sent=1');
    expect(await mailTo(t.app, sender)).toEqual([]);
    expect(await schoolMailCount()).toBe(before);
  });

  it('shows the form again (422) with messages beside the fields and the values typed', async () => {
    const before = await schoolMailCount();
    const res = await post({ name: '  <Bob> ', email: 'not an address', message: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = res.body;
    expect(body).toContain('value="  &lt;Bob&gt; "');
    expect(body).toContain('value="not an address"');
    // The first field in error takes the focus when the page loads (no script needed).
    expect(body).toContain(
      '<input id="contact-email" name="email" required aria-invalid="true" aria-describedby="contact-email-error contact-email-hint" autofocus type="email"',
    );
    expect(body).toMatch(
      /<textarea id="contact-message" name="message" required aria-invalid="true" aria-describedby="contact-message-error contact-message-hint" rows="8"[^>]*> {3}<\/textarea>/,
    );
    expect(body.match(/ autofocus/g)).toHaveLength(1);
    expect(body).toContain(
      '<p class="error" id="contact-email-error">Enter a valid e-mail address</p>',
    );
    expect(body).toContain('<p class="error" id="contact-message-error">Required</p>');
    expect(body).not.toContain('id="contact-name-error"');
    expect(body).toContain(
      '<li><a href="#contact-email">Your e-mail address: Enter a valid e-mail address</a></li>',
    );
    expect(await schoolMailCount()).toBe(before);

    const missing = await post('', { headers: { 'accept-language': 'ja' } });
    expect(missing.statusCode).toBe(422);
    for (const field of ['name', 'email', 'message']) {
      expect(missing.body).toContain(
        `<p class="error" id="contact-${field}-error">必須項目です</p>`,
      );
    }
  });

  it('refuses over-long input with a message on the field (422)', async () => {
    const res = await post(
      valid(uniqueEmail(), {
        name: 'N'.repeat(101),
        message: 'm'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1),
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(
      '<p class="error" id="contact-name-error">Use at most 100 characters</p>',
    );
    expect(res.body).toContain(
      `<p class="error" id="contact-message-error">Use at most ${CONTACT_MESSAGE_MAX_LENGTH} characters</p>`,
    );
    const longest = await post(
      valid(uniqueEmail(), { message: 'あ'.repeat(CONTACT_MESSAGE_MAX_LENGTH) }),
    );
    expect(longest.statusCode).toBe(303);
  });

  it('limits messages per network (429 page with Retry-After) and per sender address', async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_LIMITS.perIp.limit; i += 1) {
      expect((await post(valid(uniqueEmail()), { ip })).statusCode).toBe(303);
    }
    const before = await schoolMailCount();
    const refused = await post(valid(uniqueEmail(), { name: 'Kept Name' }), { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('Too many messages have been sent');
    expect(refused.body).toContain('value="Kept Name"');
    expect(await schoolMailCount()).toBe(before);

    // The same address from ever new networks: a stranger's mailbox cannot be flooded.
    const victim = uniqueEmail();
    for (let i = 0; i < CONTACT_LIMITS.perEmail.limit; i += 1) {
      expect((await post(valid(victim))).statusCode).toBe(303);
    }
    expect((await post(valid(victim))).statusCode).toBe(429);
    expect(await mailTo(t.app, victim)).toHaveLength(CONTACT_LIMITS.perEmail.limit);
  });

  it('refuses a post from another site (403) and sends nothing', async () => {
    const sender = uniqueEmail();
    for (const origin of ['https://evil.example', 'null']) {
      const res = await post(valid(sender), { headers: { origin } });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('This form can only be sent from our own website.');
    }
    expect(await mailTo(t.app, sender)).toEqual([]);
  });

  it('never answers a 500 to garbage bodies', async () => {
    const bodies: { payload: string | Buffer; type: string }[] = [
      { payload: 'name=%E0%A4%A&email=%%%&message=%ZZ', type: FORM },
      { payload: 'name=a&name=b&email=a%40b.example&message=hi', type: FORM },
      { payload: 'email[]=x&message[a]=1&__proto__=1&constructor=2', type: FORM },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x3d, 0x26, 0x80]), type: FORM },
      { payload: `message=${'x'.repeat(70 * 1024)}`, type: FORM },
      { payload: 'name=Rin%00&email=a%40b.example&message=hi', type: FORM },
      { payload: '{"name": 1, "email": [], "message": {}}', type: 'application/json' },
      { payload: '{not json', type: 'application/json' },
      { payload: 'hello', type: 'text/plain' },
    ];
    for (const { payload, type } of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/contact-us',
        payload,
        remoteAddress: nextIp(),
        headers: { 'content-type': type },
      });
      expect({ type, status: res.statusCode < 500 }).toEqual({ type, status: true });
      expect(res.statusCode).not.toBe(303);
    }
  });
});
