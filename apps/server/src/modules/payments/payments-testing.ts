import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORDERS_API } from '@atelier/contract';
import Stripe from 'stripe';

// Test helpers of the payments module, for any module's tests: signed webhook requests, and a
// local stand-in of the Stripe API endpoints the Stripe provider calls.

/** A Stripe-shaped event about a payment intent of an order. */
export function intentEvent(
  id: string,
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | string,
  intent: { id: string; orderId: number; amount?: number; error?: string },
) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount ?? 1000,
        currency: 'usd',
        metadata: { order_id: String(intent.orderId) },
        last_payment_error: intent.error ? { code: 'card_declined', message: intent.error } : null,
      },
    },
  };
}

/** A Stripe-shaped refund.updated event (status succeeded or failed) about one of our refunds. */
export { fakeRefundEvent as refundEvent } from './fake-provider';

/** The request Stripe would send to the webhook with `event`, signed with `secret`. */
export function signedWebhookRequest(secret: string, event: unknown) {
  const payload = JSON.stringify(event);
  return {
    method: 'POST' as const,
    url: ORDERS_API.paymentsWebhook,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  };
}

export type StandInRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form-encoded body, decoded (`metadata[order_id]` keys as Stripe's encoding writes them). */
  form: Record<string, string>;
};

export type StripeStandIn = {
  url: string;
  requests: StandInRequest[];
  /** The next answers' status (e.g. 500 to see how Stripe failing is handled); 200 by default. */
  failWith(status: number | null): void;
  close(): Promise<void>;
};

/**
 * A local HTTP stand-in for the Stripe endpoints this app calls (create a payment intent, create a
 * refund, read a charge): it records every request and answers in Stripe's JSON shapes. The same idempotency key
 * gets the same object back, as Stripe does.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const byKey = new Map<string, unknown>();
  const paid = new Set<string>();
  let failure: number | null = null;
  let n = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
        res.end(JSON.stringify(body));
      };
      if (failure) {
        return send(failure, { error: { type: 'api_error', message: 'Stand-in failure' } });
      }
      const key = String(req.headers['idempotency-key'] ?? '');
      const known = key ? byKey.get(`${path} ${key}`) : undefined;
      if (known) return send(200, known);
      let body: unknown;
      if (
        req.method === 'POST' &&
        path === '/v1/payment_intents' &&
        form.off_session === 'true' &&
        form.payment_method === 'pm_card_chargeDeclined'
      ) {
        // Stripe answers a declined off-session charge with a card error naming its intent.
        return send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
            payment_intent: { id: `pi_standin_${++n}`, status: 'requires_payment_method' },
          },
        });
      } else if (req.method === 'POST' && path === '/v1/payment_intents') {
        const id = `pi_standin_${++n}`;
        if (form.confirm === 'true') paid.add(id);
        body = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          client_secret: `${id}_secret_standin`,
          metadata: { order_id: form['metadata[order_id]'], user_id: form['metadata[user_id]'] },
          status: form.confirm === 'true' ? 'succeeded' : 'requires_payment_method',
          livemode: false,
        };
      } else if (req.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/cancel$/.test(path)) {
        const id = path.split('/')[3] ?? '';
        // Stripe cannot cancel what was paid (intents created with confirm=true are).
        if (paid.has(id)) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
            },
          });
        }
        body = { id, object: 'payment_intent', status: 'canceled' };
      } else if (req.method === 'POST' && path === '/v1/customers') {
        body = { id: `cus_standin_${++n}`, object: 'customer' };
      } else if (req.method === 'POST' && path === '/v1/setup_intents') {
        const id = `seti_standin_${++n}`;
        body = {
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_standin`,
          customer: form.customer,
          status: 'requires_payment_method',
        };
      } else if (req.method === 'GET' && path.startsWith('/v1/setup_intents/')) {
        // Every setup the stand-in is asked about has saved a Visa 4242 (Stripe.js confirmed it).
        body = {
          id: path.slice('/v1/setup_intents/'.length),
          object: 'setup_intent',
          customer: 'cus_standin_saved',
          status: 'succeeded',
          payment_method: {
            id: 'pm_standin_saved',
            object: 'payment_method',
            card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
          },
        };
      } else if (req.method === 'POST' && /^\/v1\/payment_methods\/[^/]+\/detach$/.test(path)) {
        body = { id: path.split('/')[3], object: 'payment_method', customer: null };
      } else if (req.method === 'POST' && path === '/v1/refunds') {
        body = {
          id: `re_standin_${++n}`,
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: 'succeeded',
        };
      } else if (req.method === 'GET' && path.startsWith('/v1/charges/')) {
        // A charge names the card it took (what receipts print).
        body = {
          id: path.slice('/v1/charges/'.length),
          object: 'charge',
          payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444' } },
        };
      } else {
        return send(404, {
          error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
        });
      }
      if (key) byKey.set(`${path} ${key}`, body);
      return send(200, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
