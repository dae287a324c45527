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
 * Queues mail. Pass the transaction of the change that causes the mail, so both commit or
 * neither does; call `wake()` after it commits to deliver without waiting for the next poll.
 */
export class Mailer {
  private wakeListener: (() => void) | undefined;

  constructor(private readonly ctx: MailContext) {}

  async queue<N extends MailTemplateName>(
    executor: DbExecutor,
    request: MailRequest<N>,
  ): Promise<number> {
    const rendered = renderMail(request.template, request.locale, request.params, this.ctx);
    return insertMail(executor, {
      toAddress: request.to.trim().toLowerCase(),
      template: request.template,
      locale: request.locale,
      ...rendered,
      ...(request.headers ? { headers: request.headers } : {}),
    });
  }

  /**
   * Removes every mail to `address`, sent or not, in the caller's transaction: a deleted family's
   * mail names them and their children (docs/decisions/072-a-familys-data-is-theirs.md).
   */
  async forget(tx: Tx, address: string): Promise<void> {
    await eraseMailTo(tx, address);
  }

  wake(): void {
    this.wakeListener?.();
  }

  /** The worker subscribes here; a mailer with no worker just queues. */
  onWake(listener: () => void): void {
    this.wakeListener = listener;
  }
}
