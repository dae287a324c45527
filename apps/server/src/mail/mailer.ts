import type { Language } from '@atelier/contract';
import type { Tx } from '../db/client';
import { type DbExecutor, eraseMailTo, insertMail } from './mail-outbox.repository';
import {
  type MailContext,
  type MailTemplateName,
  type MailTemplates,
  renderMail,
} from './templates';

export type MailRequest<N extends MailTemplateName> = {
  to: string;
  locale: Language;
  template: N;
  params: MailTemplates[N];
  /** Extra headers for this message (e.g. `List-Unsubscribe`); names as they are sent. */
  headers?: Record<string, string>;
};

/**
 * Mail about a family (its bookings, money, class messages and reminders) also goes to the
 * family's second guardians (decision 071). Mail about an account itself (registration,
 * password, e-mail change) never does: those stay the account holder's alone.
 */
export const FAMILY_MAIL_TEMPLATES: ReadonlySet<MailTemplateName> = new Set<MailTemplateName>([
  'order_receipt',
  'waitlist_offer',
  'refund_issued',
  'late_payment_refunded',
  'late_payment_held',
  'class_message',
  'class_reminder',
  'class_digest',
  'autopay_declined',
  'billing_payment_received',
  'makeup_credit_expiring',
  'enrollment_transferred',
]);

/**
 * Given a family account's address, the addresses of its second guardians (none for any other
 * address). The family module provides it at start-up (app.ts): mail is below every module.
 */
export type FamilyCopies = (executor: DbExecutor, address: string) => Promise<string[]>;

/**
 * Queues mail. Pass the transaction of the change that causes the mail, so both commit or
 * neither does; call `wake()` after it commits to deliver without waiting for the next poll.
 */
export class Mailer {
  private wakeListener: (() => void) | undefined;
  private familyCopies: FamilyCopies | undefined;

  constructor(private readonly ctx: MailContext) {}

  async queue<N extends MailTemplateName>(
    executor: DbExecutor,
    request: MailRequest<N>,
  ): Promise<number> {
    const rendered = renderMail(request.template, request.locale, request.params, this.ctx);
    const to = request.to.trim().toLowerCase();
    const copies =
      this.familyCopies && FAMILY_MAIL_TEMPLATES.has(request.template)
        ? await this.familyCopies(executor, to)
        : [];
    const mail = {
      template: request.template,
      locale: request.locale,
      ...rendered,
      ...(request.headers ? { headers: request.headers } : {}),
    };
    const id = await insertMail(executor, { toAddress: to, ...mail });
    for (const copy of copies) {
      if (copy !== to) await insertMail(executor, { toAddress: copy, ...mail });
    }
    return id;
  }

  /** Family mail is copied to the addresses `copies` returns (decision 071). */
  copyFamilyMailWith(copies: FamilyCopies): void {
    this.familyCopies = copies;
  }

  /**
   * Removes every mail to `address`, sent or not, in the caller's transaction: a deleted family's
   * mail names them and their children (docs/decisions/072-a-familys-data-is-theirs.md).
   */
  async forget(tx: Tx, address: string): Promise<void> {
    await eraseMailTo(tx, address);
  }

  /**
   * Removes the copies of a deleted family's mail sent to an address that was its guardian or was
   * invited to be (decision 071): the family's mail templates and the invitation. The address's
   * own account mail (registration, password) stays its own.
   */
  async forgetFamilyCopies(tx: Tx, address: string): Promise<void> {
    await eraseMailTo(tx, address, [...FAMILY_MAIL_TEMPLATES, 'guardian_invitation']);
  }

  wake(): void {
    this.wakeListener?.();
  }

  /** The worker subscribes here; a mailer with no worker just queues. */
  onWake(listener: () => void): void {
    this.wakeListener = listener;
  }
}
