import { API } from '@atelier/contract';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { cablePlugin } from './cable/cable.plugin';
import { devMailRoutes } from './mail/dev-mail.routes';
import { mailPlugin } from './mail/mail.plugin';
import { accountsRoutes } from './modules/accounts';
import { attendanceRoutes } from './modules/attendance';
import { calendarRoutes } from './modules/calendar';
import { cartRoutes } from './modules/cart';
import { classesRoutes } from './modules/classes';
import { couponsRoutes } from './modules/coupons';
import { customersRoutes } from './modules/customers';
import { familyRoutes } from './modules/family';
import { galleryPlugin } from './modules/gallery';
import { healthRoutes } from './modules/health';
import { mediaPlugin } from './modules/media';
import { messagesPlugin } from './modules/messages';
import { notificationsPlugin } from './modules/notifications';
import { ordersPlugin } from './modules/orders';
import { paymentsPlugin, paymentsStandInPlugin } from './modules/payments';
import { photoBoxesPlugin } from './modules/photo-boxes';
import { publicSitePlugin } from './modules/public-site';
import { refundsPlugin } from './modules/refunds';
import { remindersPlugin } from './modules/reminders';

import { userGroupsRoutes } from './modules/user-groups';
import { userSearchRoutes } from './modules/user-search';
import { authPlugin, sessionRoutes } from './modules/users';
import { waitlistPlugin } from './modules/waitlist';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { pubsubPlugin } from './plugins/pubsub';
import { rateLimitsPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';
import { adminOrdersRoutes } from './read-models/admin-orders';
import { salesRoutes } from './read-models/sales';
import { searchRoutes } from './read-models/search';
import { storagePlugin } from './storage/storage.plugin';
import { createTestApp } from './testing/test-app';

// Each plugin app.ts registers names what it needs registered first (fastify-plugin's
// `dependencies`), so a wrong order fails at start-up naming the missing plugin
// (docs/decisions/055-money-flows-one-way-and-plugins-say-what-they-need.md).

type Meta = { name?: string; dependencies?: string[] };
const metaOf = (plugin: unknown): Meta =>
  (plugin as Record<symbol, Meta | undefined>)[Symbol.for('plugin-meta')] ?? {};

const PLUGINS: Record<string, unknown> = {
  errorsPlugin,
  securityHeadersPlugin,
  dbPlugin,
  pubsubPlugin,
  rateLimitsPlugin,
  storagePlugin,
  mediaPlugin,
  mailPlugin,
  authPlugin,
  devMailRoutes,
  openapiPlugin,
  healthRoutes,
  cablePlugin,
  notificationsPlugin,
  sessionRoutes,
  accountsRoutes,
  familyRoutes,
  userSearchRoutes,
  searchRoutes,
  userGroupsRoutes,
  couponsRoutes,
  classesRoutes,
  cartRoutes,
  paymentsPlugin,
  paymentsStandInPlugin,
  ordersPlugin,
  refundsPlugin,
  adminOrdersRoutes,
  customersRoutes,
  salesRoutes,
  waitlistPlugin,
  messagesPlugin,
  attendanceRoutes,
  remindersPlugin,
  galleryPlugin,
  photoBoxesPlugin,
  calendarRoutes,
  publicSitePlugin,
  spaPlugin,
};

/** A plugin that only takes a name, standing in for a real one the plugin under test needs. */
const standIn = (name: string) =>
  fp(async () => {}, { name, encapsulate: true }) as FastifyPluginAsync;

/** Registers the plugin after stand-ins for all its dependencies but one; answers the failure. */
async function startWithout(plugin: unknown, missing: string): Promise<Error | null> {
  const app = Fastify();
  try {
    for (const name of metaOf(plugin).dependencies ?? []) {
      if (name !== missing) await app.register(standIn(name));
    }
    await app.register(plugin as FastifyPluginAsync);
    await app.ready();
    return null;
  } catch (error) {
    return error as Error;
  } finally {
    await app.close().catch(() => {});
  }
}

describe('plugin dependencies', () => {
  it.each(Object.keys(PLUGINS))('%s has a name', (key) => {
    expect(metaOf(PLUGINS[key]).name).toMatch(/^[a-z-]+$/);
  });

  it('names only plugins that exist', () => {
    const names = new Set(Object.values(PLUGINS).map((p) => metaOf(p).name));
    for (const plugin of Object.values(PLUGINS)) {
      for (const dependency of metaOf(plugin).dependencies ?? []) {
        expect(names, `${metaOf(plugin).name} needs ${dependency}`).toContain(dependency);
      }
    }
  });

  it('orders need payments, and refunds too', () => {
    expect(metaOf(ordersPlugin).dependencies).toContain('payments');
    expect(metaOf(refundsPlugin).dependencies).toContain('payments');
  });

  it('refuses to start orders without payments, naming what is missing', async () => {
    const error = await startWithout(ordersPlugin, 'payments');
    expect(error?.message).toBe("The dependency 'payments' of plugin 'orders' is not registered");
  });

  it('refuses to start any module whose dependency is missing', async () => {
    for (const plugin of [
      refundsPlugin,
      waitlistPlugin,
      customersRoutes,
      couponsRoutes,
      cartRoutes,
      adminOrdersRoutes,
    ]) {
      const { name, dependencies = [] } = metaOf(plugin);
      expect(dependencies.length).toBeGreaterThan(0);
      for (const missing of dependencies) {
        const error = await startWithout(plugin, missing);
        expect(error?.message).toBe(
          `The dependency '${missing}' of plugin '${name}' is not registered`,
        );
      }
    }
  });

  it('starts the whole app in the order app.ts registers', { timeout: 60_000 }, async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: API.health })).statusCode).toBeLessThan(500);
    } finally {
      await t.close();
    }
  });
});
