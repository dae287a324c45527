import {
  DEFAULT_LANGUAGE,
  type Language,
  type PassItemSnapshot,
  type PassPurchase,
  type PassPurchaseListDocument,
  type PassPurchaseState,
  passResource,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../lib/app-error';
import type { Viewer } from '../../lib/http';
import { resourceService } from '../../lib/resource-service';
import { inLanguage, nameInLanguage, storedTranslations } from '../../lib/translated-content';
import type { DropInSession, PassesContext } from './passes.context';
import {
  dropInsOfPurchases,
  insertPurchases,
  type PassRow,
  type PurchaseRow,
  passRows,
  passRowsByIds,
  purchasesOfFamily,
  revokePurchasesOfOrder,
} from './passes.repository';

// Class passes (docs/product.md#class-passes-and-drop-ins,
// docs/decisions/076-class-passes-and-drop-ins.md): the school's passes on sale, and what a
// family bought: made when its order is paid, revoked by a full refund.

const DAY_MS = 86_400_000;

/** Passes: the resource kit's service (admins write, any signed-in user reads). */
export const passService = resourceService(passResource, passRows, {
  label: 'Pass',
  // A bought pass keeps its copy, but the school's sales would lose the pass it was.
  inUse: (purchases) =>
    new AppError(
      'conflict',
      `This pass cannot be deleted: families bought it ${purchases} time${purchases === 1 ? '' : 's'}.`,
      { purchases },
    ),
});

type PassDocumentData = { attributes: { name: string; translations: PassRow['translations'] } };

/** A pass's name in `language`, its translations beside it as before. */
function named<D extends { data: PassDocumentData | PassDocumentData[] }>(
  document: D,
  language: Language,
): D {
  const rename = (resource: PassDocumentData) => ({
    ...resource,
    attributes: {
      ...resource.attributes,
      name: nameInLanguage(resource.attributes.name, resource.attributes.translations, language),
    },
  });
  const data = Array.isArray(document.data) ? document.data.map(rename) : rename(document.data);
  return { ...document, data };
}

/**
 * The kit's handlers, with writes for admins only: families read the passes on sale, named in
 * their language; admins read them as written, to edit (docs/architecture.md#translated-content).
 */
export function passHandlers(
  ctx: PassesContext,
  viewerOf: (request: never) => Viewer,
  languageOf: (request: never) => Language,
) {
  const handlers = passService.handlers(ctx);
  const adminOnly = (request: unknown) => {
    if (viewerOf(request as never).role !== 'admin') {
      throw forbidden('Only an admin can change passes.');
    }
  };
  const forReader = async (request: unknown, answer: Promise<unknown>) => {
    const document = (await answer) as { data: PassDocumentData | PassDocumentData[] };
    if (viewerOf(request as never).role === 'admin') return document;
    return named(document, languageOf(request as never));
  };
  return {
    list: ((query, request) =>
      forReader(request, handlers.list(query, request))) as typeof handlers.list,
    get: ((id, request) => forReader(request, handlers.get(id, request))) as typeof handlers.get,
    create: ((fields, request) => {
      adminOnly(request);
      return handlers.create?.(fields, request);
    }) as typeof handlers.create,
    update: ((id, fields, request) => {
      adminOnly(request);
      return handlers.update?.(id, fields, request);
    }) as typeof handlers.update,
    delete: ((id, request) => {
      adminOnly(request);
      return handlers.delete?.(id, request) ?? Promise.resolve();
    }) as typeof handlers.delete,
  };
}

/** A pass as the cart prices it and an order keeps it. */
export type PassForSale = {
  id: number;
  name: string;
  translations: PassRow['translations'];
  visits: number;
  validityDays: number;
  price: number;
  klassGroupIds: number[];
};

/** The passes with these ids (those that exist), in one query: the cart prices its pass items. */
export async function passesForSale(db: Db, ids: number[]): Promise<Map<number, PassForSale>> {
  const rows = await passRowsByIds(db, ids);
  return new Map(
    [...rows.values()].map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        translations: row.translations,
        visits: row.visits,
        validityDays: row.validityDays,
        price: row.price,
        klassGroupIds: row.klassGroupIds,
      },
    ]),
  );
}

/** What an order item keeps of a pass: as it was sold. */
export function passSnapshotOf(pass: PassForSale): PassItemSnapshot {
  return {
    pass: {
      id: String(pass.id),
      name: pass.name,
      translations: pass.translations.ja?.name ? { ja: { name: pass.translations.ja.name } } : {},
      visits: pass.visits,
      validity_days: pass.validityDays,
      price: pass.price,
      klass_group_ids: pass.klassGroupIds.map(String),
    },
  };
}

/** A paid order's pass item, as the orders module hands it over. */
export type PaidPassItem = { orderItemId: number; passId: number; snapshot: PassItemSnapshot };

/**
 * The family's purchases of a paid order, in the transaction that marks it paid, from the copy
 * the order kept (the pass may have changed since): valid `validity_days` from `at`. Made once
 * per order item, however often the order is marked paid.
 */
export async function createPassPurchases(
  tx: Db,
  order: { id: number; userId: number },
  items: PaidPassItem[],
  at: Date,
): Promise<void> {
  await insertPurchases(
    tx,
    items.map((item) => ({
      userId: order.userId,
      passId: item.passId,
      orderId: order.id,
      orderItemId: item.orderItemId,
      name: item.snapshot.pass.name,
      translations: storedTranslations(item.snapshot.pass.translations),
      klassGroupIds: item.snapshot.pass.klass_group_ids.map(Number),
      visits: item.snapshot.pass.visits,
      visitsLeft: item.snapshot.pass.visits,
      price: item.snapshot.pass.price,
      expiresAt: new Date(at.getTime() + item.snapshot.pass.validity_days * DAY_MS),
    })),
  );
}

/**
 * A full refund of an order takes its passes back: their unused visits go (visits already booked
 * stay booked: the family was sold them in good faith). Answers how many were revoked.
 */
export function revokePassPurchasesOfOrder(tx: Db, orderId: number, at: Date): Promise<number> {
  return revokePurchasesOfOrder(tx, orderId, at);
}

/** The class's programme and schedule names in `language` (the passes page lists them). */
export function sessionNames(session: DropInSession, language: Language) {
  return {
    programme: nameInLanguage(session.programme, session.programmeTranslations, language),
    schedule_name: nameInLanguage(session.scheduleName, session.scheduleTranslations, language),
  };
}

export function purchaseState(row: PurchaseRow, now: Date): PassPurchaseState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.visitsLeft <= 0) return 'used_up';
  return 'active';
}

/** GET /api/v2/account/pass_purchases: the family's passes, their visits and drop-ins. */
export async function familyPurchases(
  ctx: PassesContext,
  viewer: Viewer,
  language: Language,
): Promise<PassPurchaseListDocument> {
  const now = ctx.now();
  return { data: await purchasesOf(ctx, ctx.db, viewer.id, now, language) };
}

/**
 * The family's purchases as answers (the family's data export reads them too), the passes and
 * classes named in `language`: a purchase keeps the pass's translations as it was sold.
 */
export async function purchasesOf(
  ctx: Pick<PassesContext, 'reads'>,
  db: Db,
  userId: number,
  now: Date,
  language: Language = DEFAULT_LANGUAGE,
): Promise<PassPurchase[]> {
  const purchases = await purchasesOfFamily(db, userId);
  const drops = await dropInsOfPurchases(
    db,
    purchases.map((p) => p.id),
  );
  const [sessions, names] = await Promise.all([
    ctx.reads.sessionsByIds(db, [...new Set(drops.map((d) => d.klassId))]),
    ctx.reads.childNames(db, [...new Set(drops.map((d) => d.attendeeProfileId))]),
  ]);
  return purchases.map((p) => ({
    id: String(p.id),
    pass_id: p.passId === null ? null : String(p.passId),
    order_id: String(p.orderId),
    name: inLanguage(p, language, ['name']).name,
    visits: p.visits,
    visits_left: p.visitsLeft,
    klass_group_ids: p.klassGroupIds.map(String),
    expires_at: p.expiresAt.toISOString(),
    created_at: p.createdAt.toISOString(),
    state: purchaseState(p, now),
    drop_ins: drops
      .filter((d) => d.passPurchaseId === p.id)
      .flatMap((d) => {
        const session = sessions.get(d.klassId);
        if (!session) return [];
        return [
          {
            id: String(d.id),
            pass_purchase_id: String(p.id),
            klass_id: String(d.klassId),
            attendee_profile_id: String(d.attendeeProfileId),
            child_name: names.get(d.attendeeProfileId) ?? '',
            starts_at: session.startsAt.toISOString(),
            ...sessionNames(session, language),
            time_zone: session.timeZone,
            created_at: d.createdAt.toISOString(),
            cancelled_at: d.cancelledAt ? d.cancelledAt.toISOString() : null,
          },
        ];
      }),
  }));
}
