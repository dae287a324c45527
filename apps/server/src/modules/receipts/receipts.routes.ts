import {
  LEDGER_API,
  ORDERS_API,
  orderIdParamsSchema,
  PDF_MEDIA_TYPE,
  receiptDocumentSchema,
  statementQuerySchema,
} from '@atelier/contract';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchoolFacts } from '../../config';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requireUser } from '../users';
import { receiptDocument } from './receipt-resource';
import {
  type ReceiptsContext,
  receiptForViewer,
  receiptPdfForViewer,
  statementPdfOfYear,
} from './receipts.service';

const tags = ['receipts'];

export type ReceiptsPluginOptions = { school: SchoolFacts; currency: string; now?: () => Date };

const pdfResponse = (description: string) => ({
  description,
  content: { [PDF_MEDIA_TYPE]: { schema: z.string().describe('A PDF document') } },
});

/** A PDF to be saved, never cached on the way: it holds what a family paid. */
function sendPdf(reply: FastifyReply, filename: string, bytes: Buffer) {
  return reply
    .type(PDF_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** Receipts and yearly statements as PDFs (docs/product.md#receipts). */
const registerReceiptsPlugin: FastifyPluginAsyncZod<ReceiptsPluginOptions> = async (app, opts) => {
  const ctx: ReceiptsContext = {
    db: app.db,
    school: opts.school,
    currency: opts.currency,
    now: opts.now ?? (() => new Date()),
  };

  app.get(
    ORDERS_API.orderReceipt(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "A paid or refunded order's receipt: school, items at list price, discounts, total, how it was paid, refunds (the family's own orders; admins any)",
        params: orderIdParamsSchema,
        response: { 200: receiptDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { receipt } = await receiptForViewer(ctx, viewerOf(request), request.params.id);
      return receiptDocument(receipt);
    },
  );

  app.get(
    ORDERS_API.orderReceiptPdf(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "A paid or refunded order's receipt as a PDF, in its family's language (the family's own orders; admins any)",
        params: orderIdParamsSchema,
        response: { 200: pdfResponse('The receipt'), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const bytes = await receiptPdfForViewer(ctx, viewerOf(request), request.params.id);
      return sendPdf(reply, `receipt-${request.params.id}.pdf`, bytes);
    },
  );

  app.get(
    LEDGER_API.accountStatementPdf,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "Your family's statement of a year as a PDF: every ledger entry, the balance, and what was paid for each child",
        querystring: statementQuerySchema,
        response: { 200: pdfResponse('The statement'), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const { year } = request.query;
      const bytes = await statementPdfOfYear(ctx, viewerOf(request).id, year);
      return sendPdf(reply, `statement-${year}.pdf`, bytes);
    },
  );
};

export const receiptsPlugin = fp(registerReceiptsPlugin, {
  name: 'receipts',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
