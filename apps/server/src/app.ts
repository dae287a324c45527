import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { cablePlugin } from './cable/cable.plugin';
import type { Config } from './config';
import type { Database } from './db/client';
import { AccessLog, createLogger, isQuietLog } from './lib/logger';
import { trustedProxies } from './lib/trusted-proxies';
import { DEV_MAIL_PATH, devMailRoutes } from './mail/dev-mail.routes';
import { type MailPluginOptions, mailPlugin, storedMailDir } from './mail/mail.plugin';
import { accountDataPlugin } from './modules/account-data';
import { accountsRoutes } from './modules/accounts';
import { agreementsRoutes } from './modules/agreements';
import { attendanceRoutes } from './modules/attendance';
import { billingPlugin } from './modules/billing';
import { calendarRoutes } from './modules/calendar';
import { addTrialCartItem, cartRoutes, noCouponsExist } from './modules/cart';
import { classesRoutes } from './modules/classes';
import { couponLookup, couponsPerUserGroup, couponsRoutes } from './modules/coupons';
import { customersRoutes, walkInNames } from './modules/customers';
import {
  familyMailCopies,
  familyOfGuardianSql,
  familyRecipientsOf,
  familyRoutes,
  guardiansRoutes,
} from './modules/family';
import { galleryPlugin } from './modules/gallery';
import { healthRoutes } from './modules/health';
import { ledgerPlugin } from './modules/ledger';
import { makeupsPlugin } from './modules/makeups';
import { mediaPlugin } from './modules/media';
import { messagesPlugin } from './modules/messages';
import { notificationsPlugin } from './modules/notifications';
import {
  createWalkInOrder,
  customerOrders,
  ordersContextOf,
  ordersPlugin,
  priceWalkInOrder,
} from './modules/orders';
import { passesPlugin } from './modules/passes';
import type { Payments } from './modules/payments';
import { paymentsPlugin, paymentsStandInPlugin } from './modules/payments';
import { photoBoxesPlugin } from './modules/photo-boxes';
import { publicSitePlugin } from './modules/public-site';
import { receiptsPlugin } from './modules/receipts';
import { refundsPlugin } from './modules/refunds';
import { remindersPlugin } from './modules/reminders';
import { transfersPlugin } from './modules/transfers';
import { trialsPlugin } from './modules/trials';
import { userGroupsRoutes } from './modules/user-groups';
import { userSearchRoutes } from './modules/user-search';
import { authPlugin, requireRole, sessionRoutes } from './modules/users';
import { seatsFreed, waitlistContextOf, waitlistPlugin } from './modules/waitlist';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { pubsubPlugin } from './plugins/pubsub';
import { rateLimitsPlugin } from './plugins/rate-limit';
import { MemoryRateLimitStore, type RateLimitStore } from './plugins/rate-limit-store';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';
import { MemoryPubSub, type PubSub } from './pubsub/pubsub';
import { adminOrdersRoutes } from './read-models/admin-orders';
import { attendanceReads } from './read-models/attendance-lists';
import { familiesEnrolledIn } from './read-models/audiences';
import { couponsReads } from './read-models/coupons';
import { customersReads } from './read-models/customers';
import { dropInReads } from './read-models/drop-in-reads';
import { makeupReads } from './read-models/makeup-reads';
import { messagesReads } from './read-models/message-lists';
import { photoBoxReads } from './read-models/photo-box-lists';
import { reminderReads } from './read-models/reminder-recipients';
import { salesRoutes } from './read-models/sales';
import { searchRoutes } from './read-models/search';
import { transferReads } from './read-models/transfer-reads';
import { trialReads } from './read-models/trial-reads';
import { storagePlugin } from './storage/storage.plugin';

export type AppDeps = {
  database: Database;
  /** When true, closing the app closes the database (the server process); tests keep theirs. */
  ownsDatabase?: boolean;
  /** Defaults to in-process pub/sub; the server passes Redis when REDIS_URL is set. */
  pubsub?: PubSub;
  /** Where rate limits count: memory by default; the server passes Redis when REDIS_URL is set. */
  rateLimits?: RateLimitStore;
  /** Mail transport and worker overrides (tests); by default SMTP_URL or files in var/mail. */
  mail?: Omit<MailPluginOptions, 'config'>;
  /** Where log lines go (tests read them); by default stdout, asynchronously (lib/logger.ts). */
  logDestination?: DestinationStream;
  /**
   * Tests of orders: a payments service standing in for the payments plugin as `app.payments`
   * (modules/orders/orders.payments.ts), so they can play provider events.
   */
  paymentsStandIn?: Payments;
};

export type App = FastifyInstance;

/** Builds the whole app without listening, so tests can `inject` requests with no port. */
export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const logger = createLogger(config, deps.logDestination);
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    logController: new AccessLog({ quiet: isQuietLog(config) }),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(dbPlugin, {
    database: deps.database,
    ownsDatabase: deps.ownsDatabase ?? false,
  });
  await app.register(pubsubPlugin, { pubsub: deps.pubsub ?? new MemoryPubSub() });
  // Before auth and the modules: their limits count here (decision 020).
  await app.register(rateLimitsPlugin, { store: deps.rateLimits ?? new MemoryRateLimitStore() });
  await app.register(storagePlugin, { config });
  await app.register(mediaPlugin, { workers: config.imageWorkers });
  await app.register(mailPlugin, { config, ...deps.mail });
  // Second guardians (decision 071): the family module answers who acts for which family, who
  // hears of a family's news and which addresses get copies of its mail; the lower layers ask.
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    familyOfSql: familyOfGuardianSql,
  });
  app.decorate('familyRecipients', (userId: number) => familyRecipientsOf(app.db, userId));
  app.mail.mailer.copyFamilyMailWith(familyMailCopies);
  // After auth: a mailbox others can reach answers admins only (docs/decisions/050-dev-mailbox-and-upload-limits.md).
  if (config.devMailbox) {
    const dir = storedMailDir(app.mail.transport, config);
    await app.register(devMailRoutes, {
      dir,
      guard: config.devMailbox.adminOnly ? requireRole('admin') : undefined,
    });
    app.log.debug({ path: DEV_MAIL_PATH, dir }, 'dev mail browser mounted');
  }
  // Responses only: no browser compresses a request body, and decompressing them would add a hook
  // to every request and a zip-bomb surface for nothing.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
  });
  await app.register(openapiPlugin, { appUrl: config.appUrl });

  await app.register(healthRoutes);
  // After auth and pub/sub: sockets authenticate with app.sessions and stream from app.pubsub.
  // Before the modules: they register their live channels with app.cable.
  await app.register(cablePlugin);
  await app.register(notificationsPlugin);
  await app.register(sessionRoutes);
  await app.register(accountsRoutes);
  await app.register(familyRoutes);
  await app.register(guardiansRoutes);
  // Waivers, policies and the media release: checkout, the family's privacy choice and the gallery
  // ask the agreements module (decision 070).
  await app.register(agreementsRoutes, { schoolName: config.school.name, walkInNames });
  await app.register(userSearchRoutes);
  await app.register(searchRoutes, { ctx: { db: app.db } });
  // The coupons module sits above user groups (a coupon names its group) and answers their counts.
  await app.register(userGroupsRoutes, {
    couponsPerGroup: (ids) => couponsPerUserGroup({ db: app.db }, ids),
  });
  // Coupons show their group's and programme's names: the coupons read model joins them.
  await app.register(couponsRoutes, { reads: couponsReads });
  // The waitlist sits above classes: a raised capacity reaches it through this function.
  await app.register(classesRoutes, {
    familiesEnrolledIn: (scheduleId) => familiesEnrolledIn(app.db, scheduleId),
    seatsFreed: (scheduleIds) => seatsFreed(waitlistContextOf(app), scheduleIds),
  });
  // One coupon resolution for the cart's prices and checkout's: an order costs what the cart showed.
  const coupons = couponLookup(app.db);
  // Paid trials are priced in the cart and ordered at checkout from the trials module's reads.
  const trialCart = { reads: trialReads, creditDays: config.trialCreditDays };
  await app.register(cartRoutes, { coupons, trials: trialCart });
  // Before orders: checkout creates intents with app.payments and hears their outcome from it.
  if (deps.paymentsStandIn) {
    await app.register(paymentsStandInPlugin, { payments: deps.paymentsStandIn });
  } else {
    await app.register(paymentsPlugin, { config: config.payments });
  }
  await app.register(ordersPlugin, {
    currency: config.currency,
    coupons,
    billingZone: config.school.timeZone,
    trials: trialCart,
  });
  // After payments: refunds go out through app.payments and come back through its webhook.
  await app.register(refundsPlugin, {
    latePaymentHoldMinutes: config.latePaymentHoldMinutes,
    linkSecret: config.jwtSecret,
  });
  await app.register(adminOrdersRoutes);
  // After payments: a walk-in paying by card gets an intent there (docs/product.md#customers).
  // Orders sit above customers (an order names its walk-in): customers get these functions.
  // A walk-in's coupon is resolved with the walk-in as the person (walk-in-orders.ts), not through
  // the cart's lookup, which knows only accounts and guests.
  const walkIns = ordersContextOf(app, { currency: config.currency, coupons: noCouponsExist });
  await app.register(customersRoutes, {
    placeWalkInOrder: (booking) => createWalkInOrder(walkIns, booking),
    priceWalkInOrder: (quote) => priceWalkInOrder(walkIns, quote),
    ordersOf: (owner) => customerOrders({ db: app.db }, owner),
    // Account holders with their money and their family's enrollments: the customers read model.
    reads: customersReads,
  });
  // A family's ledger: orders, walk-ins and refunds write it; this answers and adjusts it.
  await app.register(ledgerPlugin, { currency: config.currency });
  // Saved cards, monthly tuition and billing runs: after payments, whose webhook tells it of its
  // card payments (docs/decisions/075-monthly-tuition-and-billing-runs.md).
  await app.register(billingPlugin, {
    currency: config.currency,
    zone: config.school.timeZone,
    noticeDays: config.billing.noticeDays,
  });
  await app.register(receiptsPlugin, { school: config.school, currency: config.currency });
  await app.register(salesRoutes, { currency: config.currency });
  await app.register(waitlistPlugin);
  // After notifications and mail: each family is told, by both, in its language.
  await app.register(messagesPlugin, { reads: messagesReads });
  await app.register(attendanceRoutes, { reads: attendanceReads });
  await app.register(makeupsPlugin, { policy: config.makeups, reads: makeupReads });
  await app.register(trialsPlugin, {
    creditDays: config.trialCreditDays,
    currency: config.currency,
    reads: trialReads,
    // The cart sits above trials: a paid trial goes into it through this function.
    addToCart: (familyId, trial) =>
      addTrialCartItem(
        app.db,
        familyId,
        trial,
        async (klassId) => (await trialReads.sessionById(app.db, klassId))?.klassGroupId,
      ),
  });
  // Above enrollments, the ledger and notifications: a move's freed seat reaches the waitlist here.
  await app.register(transfersPlugin, {
    currency: config.currency,
    familyTransfers: config.familyTransfers,
    reads: transferReads,
    seatsFreed: (scheduleIds) => seatsFreed(waitlistContextOf(app), scheduleIds),
  });
  await app.register(passesPlugin, { reads: dropInReads });
  // After notifications and mail: each family is reminded by both, in its language and zone.
  await app.register(remindersPlugin, { config, reads: reminderReads });
  // After media and notifications: posts are artwork images, and families are told of changes.
  await app.register(galleryPlugin, { seedDemo: config.seedDemo });
  // After media: uploads through a box's link are artwork images (docs/product.md#photo-box).
  await app.register(photoBoxesPlugin, { reads: photoBoxReads });
  await app.register(accountDataPlugin, {
    appUrl: config.appUrl,
    directMaxImages: config.accountExportDirectMaxImages,
  });
  await app.register(calendarRoutes, {
    appUrl: config.appUrl,
    secret: config.jwtSecret,
    schoolName: config.schoolName,
  });

  // After the classes module: class pages read its catalogue and hear of its changes.
  await app.register(publicSitePlugin, { config });
  await app.register(spaPlugin, { config, sitePages: app.sitePages });
  return app;
}
