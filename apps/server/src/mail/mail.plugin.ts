import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { DEV_MAIL_PATH, devMailRoutes } from './dev-mail.routes';
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

/**
 * Mail: the outbox mailer, the delivery worker (started when the app is ready, stopped before it
 * closes, so the database outlives it), and the /dev/mail browser outside production.
 */
export const mailPlugin = fp(async (app: FastifyInstance, opts: MailPluginOptions) => {
  const { config } = opts;
  const transport = opts.transport ?? createMailTransport(config);
  const mailer = new Mailer({
    schoolName: config.schoolName,
    appUrl: config.appUrl,
    contactEmail: config.contactEmail,
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

  // Development and tests only: the mailbox browser reads what the file transport wrote.
  if (config.env !== 'production') {
    const dir =
      transport instanceof FileMailTransport ? transport.dir : mailDirectory(config.dataDir);
    await app.register(devMailRoutes, { dir });
    app.log.debug({ path: DEV_MAIL_PATH, dir }, 'dev mail browser mounted');
  }
});
