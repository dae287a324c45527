import { describe, expect, it } from 'vitest';
import { linksIn } from '../dev-mail.routes';
import { MAIL_TEMPLATE_NAMES, type MailTemplates, renderMail } from '.';

const ctx = {
  schoolName: 'Blue Door Art School',
  appUrl: 'https://art.example',
  contactEmail: 'office@art.example',
};
const name = 'Ana <b>& Co</b>';
const params: MailTemplates = {
  confirmation: { name, token: 'tok-confirm' },
  already_registered: { name },
  password_reset: { name, token: 'tok-reset' },
  account_export_ready: { name, url: 'http://localhost:3000/api/v1/account/exports/tok-export' },
  account_deletion_confirm: { name, token: 'tok-delete' },
  makeup_credit_expiring: { name, child: 'Mia', expiresAt: new Date('2026-03-01T00:00:00Z') },
  enrollment_transferred: {
    name,
    child: 'Mia',
    from: 'Drawing (Mon)',
    to: 'Drawing (Wed)',
    currency: 'USD',
    difference: 1500,
  },
  autopay_declined: {
    name,
    period: '2030-02',
    amount: 12_000,
    currency: 'USD',
    card: 'Visa •••• 0341',
    retryAt: new Date('2030-02-03T12:00:00Z'),
  },
  billing_payment_received: {
    name,
    period: '2030-02',
    amount: 12_000,
    currency: 'USD',
    card: 'Visa •••• 4242',
    paidAt: new Date('2030-02-01T14:00:00Z'),
    timeZone: 'America/New_York',
    reference: 17,
  },
  password_changed: { name },
  email_change_confirm: { name, token: 'tok-email', newEmail: 'new@art.example' },
  email_changed: { name, newEmail: 'new@art.example' },
  email_taken: {},
  contact_message: {
    name,
    email: 'ana@example.com',
    message: 'Do you teach oils & <3 inks?\n\nThanks, bye',
    senderLanguage: 'ja',
  },
  contact_received: { name },
  order_receipt: {
    name,
    orderId: 42,
    currency: 'USD',
    total: 12000,
    items: [
      {
        programme: 'Ink & <3 Paint',
        schedule: 'Saturdays',
        timeZone: 'America/New_York',
        attendees: ['Mia', 'Leo'],
        klasses: ['2030-01-05T15:00:00.000Z', '2030-01-12T15:00:00.000Z'],
        total: 12000,
      },
    ],
  },
  refund_issued: {
    name,
    orderId: 42,
    currency: 'USD',
    amount: 3600,
    refundedTotal: 3600,
    attendees: ['Mia'],
    full: false,
  },
  late_payment_refunded: {
    name,
    orderId: 43,
    currency: 'USD',
    amount: 7200,
    classes: ['Ink & <3 Paint'],
  },
  late_payment_held: {
    name,
    orderId: 44,
    currency: 'USD',
    amount: 7200,
    classes: ['Ink & <3 Paint'],
    sendAfter: '2026-05-01T15:00:00.000Z',
    timeZone: 'America/New_York',
    token: 'tok-held',
  },
  class_message: {
    name,
    messageId: 7,
    sender: 'Theo Teacher',
    programme: 'Ink & <3 Paint',
    title: 'Bring an apron',
    body: 'We paint on Saturday.\n\nSee you & <3 then!',
  },
  class_reminder: {
    name,
    klass: {
      programme: 'Ink & <3 Paint',
      startsAt: '2026-03-10T20:00:00.000Z',
      attendees: ['Mia', 'Leo'],
      format: 'online',
      location: null,
      meetingUrl: 'https://meet.example/ink',
    },
    timeZone: 'America/New_York',
    unsubscribeUrl: 'https://art.example/api/v1/class_reminders/unsubscribe/7.sig',
  },
  class_digest: {
    name,
    classes: [
      {
        programme: 'Ink & <3 Paint',
        startsAt: '2026-03-10T20:00:00.000Z',
        attendees: ['Mia'],
        format: 'in_person',
        location: 'Studio 2',
        meetingUrl: null,
      },
      {
        programme: 'Comics',
        startsAt: '2026-03-12T20:00:00.000Z',
        attendees: ['Leo'],
        format: 'online',
        location: null,
        meetingUrl: 'https://meet.example/comics',
      },
    ],
    timeZone: 'Asia/Tokyo',
    unsubscribeUrl: 'https://art.example/api/v1/class_reminders/unsubscribe/7.sig',
  },
  waitlist_offer: {
    name,
    programme: 'Ink & <3 Paint',
    schedule: 'Saturdays',
    slug: 'ink-paint',
    seats: 2,
    expiresAt: '2030-01-04T15:00:00.000Z',
    timeZone: 'America/New_York',
  },
  guardian_invitation: { inviter: name, token: 'tok<en>' },
};
const render = (template: keyof MailTemplates, locale: 'en' | 'ja') =>
  // biome-ignore lint/suspicious/noExplicitAny: iterating every template with its own parameters.
  renderMail(template, locale, params[template] as any, ctx);

describe('mail templates', () => {
  it.each(MAIL_TEMPLATE_NAMES)(
    '%s exists in English and Japanese, as HTML and text',
    (template) => {
      const en = render(template, 'en');
      const ja = render(template, 'ja');
      for (const mail of [en, ja]) {
        expect(mail.subject).toContain(ctx.schoolName);
        expect(mail.html).toContain(ctx.schoolName);
        expect(mail.text).toContain(ctx.schoolName);
        expect(mail.text).toContain(ctx.contactEmail);
        // Plain text carries the name as typed, and no markup of its own.
        expect(mail.text.replaceAll(name, '')).not.toMatch(/<[a-z/]/i);
      }
      expect(ja.subject).not.toBe(en.subject);
      expect(ja.text).toMatch(/[\u3040-\u30ff]/);
      expect(ja.html).toContain('<html lang="ja">');
      expect(en.html).toContain('<html lang="en">');
    },
  );

  it.each(MAIL_TEMPLATE_NAMES)('%s escapes user-supplied text in HTML', (template) => {
    const { html } = render(template, 'en');
    expect(html).not.toContain('<b>& Co</b>');
    if ('name' in params[template]) expect(html).toContain('Ana &lt;b&gt;&amp; Co&lt;/b&gt;');
  });

  it('a receipt lists attendees, dates in the class time zone and the total, per language', () => {
    const en = render('order_receipt', 'en');
    expect(en.text).toContain('Mia, Leo');
    expect(en.text).toContain('Jan 5, 2030, 10:00');
    expect(en.text).toContain('$120.00');
    expect(en.html).toContain('Ink &amp; &lt;3 Paint');
    expect(linksIn(en.text)).toContain('https://art.example/app/orders');
    const ja = render('order_receipt', 'ja');
    expect(ja.text).toContain('Mia、Leo');
    expect(ja.text).toContain('2030/01/05');
    expect(ja.text).toMatch(/\$120\.00|US\$120\.00/);
  });

  it('says the day of a payment, a retry and a credit’s end as each language writes a day', () => {
    expect(render('billing_payment_received', 'en').text).toContain('on Feb 1, 2030.');
    expect(render('billing_payment_received', 'ja').text).toContain('2030/02/01 に');
    expect(render('autopay_declined', 'en').text).toContain('again on Feb 3, 2030.');
    expect(render('autopay_declined', 'ja').text).toContain('2030/02/03 に再度');
    expect(render('makeup_credit_expiring', 'en').text).toContain('Mar 1, 2026');
    expect(render('makeup_credit_expiring', 'ja').text).toContain('2026/03/01');
  });

  it('a class message keeps its paragraphs, escapes them in HTML and links to the message', () => {
    const en = render('class_message', 'en');
    expect(en.subject).toBe('Blue Door Art School: Bring an apron');
    expect(en.text).toContain('Theo Teacher wrote about Ink & <3 Paint:');
    expect(en.text).toContain('We paint on Saturday.\n\nSee you & <3 then!');
    expect(en.html).toContain('See you &amp; &lt;3 then!');
    expect(linksIn(en.text)).toContain('https://art.example/app/classes?message=7');
    expect(render('class_message', 'ja').text).toContain(
      'Theo TeacherからInk & <3 Paintについてのメッセージです。',
    );
  });

  it('a contact form message keeps its paragraphs and the sender; the confirmation does not repeat it', () => {
    const en = render('contact_message', 'en');
    expect(en.text).toContain(
      `${name} (ana@example.com) wrote through the contact form (in Japanese):`,
    );
    expect(en.text).toContain('Do you teach oils & <3 inks?\n\nThanks, bye');
    expect(en.html).toContain('Do you teach oils &amp; &lt;3 inks?');
    const received = render('contact_received', 'ja');
    expect(received.subject).toBe('Blue Door Art School お問い合わせを受け付けました');
    expect(received.text).not.toContain('oils');
  });

  it('a class reminder names the time in the family’s zone, the join link and the way out', () => {
    const en = render('class_reminder', 'en');
    expect(en.subject).toBe('Blue Door Art School: Ink & <3 Paint on Tue Mar 10, 4:00 PM EDT');
    expect(en.text).toContain('Mia and Leo have Ink & <3 Paint on Tue Mar 10, 4:00 PM EDT.');
    expect(en.text).toContain('Join the class: https://meet.example/ink');
    expect(linksIn(en.text)).toContain(
      'https://art.example/api/v1/class_reminders/unsubscribe/7.sig',
    );
    const ja = render('class_reminder', 'ja');
    expect(ja.text).toContain('3月10日(火) 16:00 GMT-4 から Mia、Leo さんの Ink & <3 Paint');
  });

  it('a weekly digest lists each class in the family’s zone, with an online class’s link', () => {
    const en = render('class_digest', 'en');
    expect(en.text).toContain('Your family has 2 classes in the coming week:');
    // 8 PM in New York is the next morning in Tokyo.
    expect(en.text).toContain('Wed Mar 11, 5:00 AM GMT+9 · Ink & <3 Paint · Mia · Where: Studio 2');
    expect(en.text).toContain(
      'Fri Mar 13, 5:00 AM GMT+9 · Comics · Leo · This class is online. Join here: https://meet.example/comics',
    );
  });

  it('links point at the SPA pages under APP_URL', () => {
    expect(linksIn(render('confirmation', 'en').text)).toContain(
      'https://art.example/app/register/tok-confirm',
    );
    expect(linksIn(render('password_reset', 'ja').text)).toContain(
      'https://art.example/app/password_reset/tok-reset',
    );
    expect(linksIn(render('email_change_confirm', 'en').text)).toContain(
      'https://art.example/app/account_settings/email/tok-email',
    );
    expect(render('confirmation', 'en').html).toContain(
      'href="https://art.example/app/register/tok-confirm"',
    );
  });
});
