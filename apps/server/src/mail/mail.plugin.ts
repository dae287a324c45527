import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import {
  createMailTransport,
  FileMailTransport,
  type MailTransport,
  mailDirectory,
} from './mail-transport';
import { MailWorker, type MailWorkerOptions } from './mail-worker';
import { Mailer } from './mailer';

/** What the app exposes as `app.mail`. */
export type MailService = {
  /** Queue mail inside the transaction of the change that causes it. */
  mailer: Mailer;
  worker: MailWorker;
  transport: MailTransport;
};

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

export type MailPluginOptions = {
  config: Config;
  /** Replaces the transport chosen from config (tests: a failing or recording one). */
  transport?: MailTransport;
  /** Worker tuning (tests shorten the backoff); `autoStart: false` leaves delivery to drain(). */
  worker?: Partial<Omit<MailWorkerOptions, 'log' | 'from' | 'messageIdDomain'>> & {
    autoStart?: boolean;
  };
};

/** The directory the /dev/mail browser reads: the file transport's, or where it would write. */
export const storedMailDir = (transport: MailTransport, config: Config) =>
  transport instanceof FileMailTransport ? transport.dir : mailDirectory(config.dataDir);

/**
 * Mail: the outbox mailer and the delivery worker (started when the app is ready, stopped before
 * it closes, so the database outlives it). The /dev/mail browser is mounted by app.ts, after auth.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: MailPluginOptions) => {
    const { config } = opts;
    const transport = opts.transport ?? createMailTransport(config);
    const mailer = new Mailer({
      schoolName: config.schoolName,
      appUrl: config.appUrl,
      contactEmail: config.contactEmail,
      school: { addressLines: config.school.addressLines, taxId: config.school.taxId },
    });
    const { autoStart = true, ...tuning } = opts.worker ?? {};
    const worker = new MailWorker(app.db, transport, {
      ...tuning,
      from: config.mailFrom,
      messageIdDomain: new URL(config.appUrl).hostname,
      log: app.log,
    });
    mailer.onWake(() => worker.wake());
    app.decorate('mail', { mailer, worker, transport });

    if (autoStart) app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => {
      await worker.stop();
    });
    app.addHook('onClose', async () => {
      await transport.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
