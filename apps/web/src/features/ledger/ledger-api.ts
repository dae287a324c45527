import {
  LEDGER_API,
  type LedgerAdjustmentBody,
  type LedgerEntry,
  ledgerDocumentSchema,
  ledgerEntrySchema,
  parseDocument,
} from '@atelier/contract';
import { z } from 'zod';
import { api } from '../../lib/api';

// A family's ledger (docs/product.md#a-familys-ledger): the family's own statement and staff's
// view of an account holder's, with staff's credits and charges. One cache entry per page.

/** A page of a ledger: its entries, newest first, and the balance of the whole ledger. */
export type LedgerPage = {
  items: LedgerEntry[];
  meta: z.infer<typeof ledgerDocumentSchema>['meta'];
};

const ledgerMetaSchema = z.object({ meta: ledgerDocumentSchema.shape.meta });

function parseLedgerPage(raw: unknown): LedgerPage {
  return {
    items: parseDocument(z.array(ledgerEntrySchema), raw),
    meta: ledgerMetaSchema.parse(raw).meta,
  };
}

/** The signed-in family's ledger is `OWN`; an account holder's, their id. */
const ledgerTag = (id: string) => ({ type: 'Ledger' as const, id });
export const OWN_LEDGER = 'OWN';
/**
 * A walk-in's ledger, apart from the account holders' (the ids of the two tables overlap): a
 * booking at the desk invalidates it (customers-api.ts).
 */
export const guestLedgerTag = (guestCustomerId: string) => ledgerTag(`guest-${guestCustomerId}`);

export const ledgerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v2/account/ledger?page=N. */
    accountLedger: build.query<LedgerPage, number>({
      query: (page) => ({ url: LEDGER_API.accountLedger, params: { page } }),
      transformResponse: parseLedgerPage,
      providesTags: () => [ledgerTag(OWN_LEDGER)],
    }),
    /** GET /api/v2/admin/customers/{id}/ledger?page=N (admins). */
    customerLedger: build.query<LedgerPage, { id: string; page: number }>({
      query: ({ id, page }) => ({ url: LEDGER_API.customerLedger(id), params: { page } }),
      transformResponse: parseLedgerPage,
      providesTags: (_result, _error, { id }) => [ledgerTag(id)],
    }),
    /** GET /api/v2/admin/guest_customers/{id}/ledger?page=N (admins): a walk-in's ledger. */
    guestCustomerLedger: build.query<LedgerPage, { id: string; page: number }>({
      query: ({ id, page }) => ({ url: LEDGER_API.guestCustomerLedger(id), params: { page } }),
      transformResponse: parseLedgerPage,
      providesTags: (_result, _error, { id }) => [guestLedgerTag(id)],
    }),
    /**
     * POST /api/v2/admin/customers/{id}/ledger {kind, amount, reason} (admins). Every page of the
     * customer's ledger moves by one entry, so they are fetched again; the customer's lifetime
     * value does not change (it counts orders and refunds).
     */
    addLedgerAdjustment: build.mutation<LedgerEntry, { id: string; body: LedgerAdjustmentBody }>({
      query: ({ id, body }) => ({ url: LEDGER_API.customerLedger(id), method: 'POST', data: body }),
      transformResponse: (raw: unknown) => parseDocument(ledgerEntrySchema, raw),
      invalidatesTags: (_result, _error, { id }) => [ledgerTag(id)],
    }),
  }),
});

/**
 * The signed-in family's ledger changed elsewhere (an order paid at checkout): its pages are
 * asked for again when next shown.
 */
export const ownLedgerChanged = () => ledgerApi.util.invalidateTags([ledgerTag(OWN_LEDGER)]);

export const {
  useAccountLedgerQuery,
  useCustomerLedgerQuery,
  useGuestCustomerLedgerQuery,
  useAddLedgerAdjustmentMutation,
} = ledgerApi;
