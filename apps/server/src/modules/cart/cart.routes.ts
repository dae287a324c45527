import {
  API,
  addAnyCartItemBodySchema,
  CART_API,
  cartItemDocumentSchema,
  cartItemIdParamsSchema,
  cartItemListDocumentSchema,
  guestCartPricingQuerySchema,
  mergeCartBodySchema,
  updateCartItemBodySchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, optionalBearer, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import type { TrialCartDeps } from '../trials';
import { requireUser } from '../users';
import {
  type CartContext,
  type CouponLookup,
  listCart,
  noCouponsExist,
  priceGuestCart,
  updateCartItem,
} from './cart.service';
import { addCartItem, mergeGuestCart, removeCartItem } from './cart-writes.service';

const tags = ['cart'];

export type CartRouteOptions = {
  /** The clock pricing uses; tests pin it. */
  now?: () => Date;
  /** Coupon resolution; commerce passes its own. */
  coupons?: CouponLookup;
  /** Paid trials' facts (the trials module with its reads, from app.ts). */
  trials?: TrialCartDeps;
};

/** docs/product.md#server-calls: the signed-in user's server cart (v2) and the guest pricing call (v1). */
const registerCartRoutes: FastifyPluginAsyncZod<CartRouteOptions> = async (app, opts) => {
  const ctx: CartContext = {
    db: app.db,
    urls: (key) => app.images.urls(key),
    now: opts.now ?? (() => new Date()),
    coupons: opts.coupons ?? noCouponsExist,
    ...(opts.trials ? { trials: opts.trials } : {}),
  };

  app.get(
    API.cartItems,
    {
      // Before validation: a guest hears 401 whatever it sent, not field messages.
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Your cart: every item, oldest first, priced now',
        response: { 200: cartItemListDocumentSchema, ...errorResponses(401) },
      },
    },
    async (request) => listCart(ctx, viewerOf(request).id, requestLanguage(request)),
  );

  app.put(
    API.cartItem(':id'),
    {
      // Before validation: a guest hears 401 whatever it sent, not field messages.
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Changes the attendees, their number or the add-ons of one of your cart items',
        params: cartItemIdParamsSchema,
        body: updateCartItemBodySchema,
        response: { 200: cartItemDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) =>
      updateCartItem(
        ctx,
        viewerOf(request).id,
        request.params.id,
        request.body.cart_item,
        requestLanguage(request),
      ),
  );

  app.post(
    API.cartItems,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Adds a class (or, with kind "pass", a class pass) to your cart (201), or changes the item of that class already there (200)',
        body: addAnyCartItemBodySchema,
        response: {
          200: cartItemDocumentSchema,
          201: cartItemDocumentSchema,
          ...errorResponses(401, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { document, created } = await addCartItem(
        ctx,
        viewerOf(request).id,
        request.body.cart_item,
        requestLanguage(request),
      );
      return reply.code(created ? 201 : 200).send(document);
    },
  );

  app.delete(
    API.cartItem(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Removes one of your cart items',
        params: cartItemIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await removeCartItem(ctx, viewerOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    CART_API.merge,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "A guest's cart joins yours at sign-in: typed attendees become family members; " +
          'answers your whole cart',
        body: mergeCartBodySchema,
        response: { 200: cartItemListDocumentSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request) =>
      mergeGuestCart(
        ctx,
        viewerOf(request).id,
        request.body.cart_item_params,
        requestLanguage(request),
      ),
  );

  // docs/product.md#server-calls lists both paths for reading a guest cart: they answer the same.
  for (const url of [API.guestCartItems, `${API.guestCartItems}/0`]) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary:
            "Prices a guest's cart items: cart_item_params is the JSON text of a list of " +
            '{klass_group_schedule_id, plan_id?, number_of_attendees, coupon_code, addon_ids}',
          security: optionalBearer,
          querystring: guestCartPricingQuerySchema,
          response: { 200: cartItemListDocumentSchema, ...errorResponses(422) },
        },
      },
      // With a session the prices are that user's (a coupon of their user group applies).
      async (request) =>
        priceGuestCart(
          ctx,
          request.query.cart_item_params,
          request.session ? viewerOf(request).id : null,
          requestLanguage(request),
        ),
    );
  }
};

export const cartRoutes = fp(registerCartRoutes, {
  name: 'cart',
  dependencies: ['db', 'storage', 'auth'],
  encapsulate: true,
});
