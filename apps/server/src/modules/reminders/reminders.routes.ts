import { CLASS_REMINDER_LEAD_HOURS, type Language, REMINDERS_API } from '@atelier/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { notify } from '../notifications';
import type { ReminderReads } from './reminders.context';
import {
  type RemindersContext,
  sweepReminders,
  unsubscribe,
  unsubscribeTarget,
} from './reminders.service';
import {
  UNSUBSCRIBE_PAGE_POLICY,
  type UnsubscribePageState,
  unsubscribePage,
} from './unsubscribe.page';

/**
 * How often a server process looks for reminders and digests due. Any process may: claims make
 * each go out once. The first sweep waits one interval after start-up, so starting (or restarting)
 * a server never sends a burst before it is serving.
 */
const SWEEP_INTERVAL_MS = 5 * 60_000;

export type RemindersPluginOptions = {
  config: { appUrl: string; jwtSecret: string };
  /** Who is due a reminder (read-models/reminder-recipients): app.ts hands it over. */
  reads: ReminderReads;
  /** The clock; tests pin it. */
  now?: () => Date;
  sweepIntervalMs?: number;
};

/**
 * What reminders need from the app: database, mailer, notifications, secret and logger, and the
 * read of who is due one.
 */
export function remindersContextOf(
  app: FastifyInstance,
  config: RemindersPluginOptions['config'],
  reads: ReminderReads,
  now = () => new Date(),
): RemindersContext {
  return {
    db: app.db,
    reads,
    mailer: app.mail.mailer,
    notify: (input) => notify(app, input),
    secret: config.jwtSecret,
    appUrl: config.appUrl,
    leadMs: CLASS_REMINDER_LEAD_HOURS * 3_600_000,
    now,
    log: app.log,
  };
}

type TokenParams = { Params: { token: string } };

/** Class reminders (docs/product.md#class-reminders): the periodic sweep and the unsubscribe link. */
const registerRemindersPlugin: FastifyPluginAsync<RemindersPluginOptions> = async (app, opts) => {
  const ctx = remindersContextOf(app, opts.config, opts.reads, opts.now);
  const sweep = setInterval(() => {
    sweepReminders(ctx).catch((err) => app.log.warn({ err }, 'class reminder sweep failed'));
  }, opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // This plugin's own scope: RFC 8058's one-click post carries `List-Unsubscribe=One-Click` as
  // urlencoded or multipart form data. Its content does not matter (the signed link is the whole
  // request), so either is read up to a small limit and dropped.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    );
  }

  const page = (
    reply: FastifyReply,
    locale: Language,
    state: UnsubscribePageState,
    action: string,
  ) =>
    reply
      .code(state === 'invalid' ? 404 : 200)
      .header('content-security-policy', UNSUBSCRIBE_PAGE_POLICY)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(locale, state, action));

  // Outside the OpenAPI document: a mailed link answered with a page, not an API of the app.
  const hide = { schema: { hide: true } };

  app.get<TokenParams>(REMINDERS_API.unsubscribe(':token'), hide, async (request, reply) => {
    const action = REMINDERS_API.unsubscribe(encodeURIComponent(request.params.token));
    const family = await unsubscribeTarget(ctx, request.params.token);
    if (!family) return page(reply, 'en', 'invalid', action);
    return page(reply, family.locale, family.classReminders === 'off' ? 'done' : 'confirm', action);
  });

  app.post<TokenParams>(REMINDERS_API.unsubscribe(':token'), hide, async (request, reply) => {
    const action = REMINDERS_API.unsubscribe(encodeURIComponent(request.params.token));
    const done = await unsubscribe(ctx, request.params.token);
    if (!done) return page(reply, 'en', 'invalid', action);
    return page(reply, done.locale, 'done', action);
  });
};

export const remindersPlugin = fp(registerRemindersPlugin, {
  name: 'reminders',
  dependencies: ['db', 'mail', 'notifications'],
  encapsulate: true,
});
