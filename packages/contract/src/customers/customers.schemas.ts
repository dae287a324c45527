import { z } from 'zod';
import { COUPON_CODE_MAX_LENGTH } from '../cart/cart.schemas';
import { ENROLLMENT_STATUSES } from '../classes/classes.constants';
import { idSchema, idTextSchema } from '../common/id.schemas';
import { plainResourceObjectSchema } from '../common/json-api';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { emergencyContactInputSchema } from '../family/child-card.schemas';
import { birthdaySchema } from '../family/family.schemas';
import { ORDER_STATUSES, orderResourceSchema } from '../orders/orders.schemas';

// Customers and walk-in customers (docs/product.md#customers, decision 033). Admins only.
// JSON:API resources `customers` and `guest_customers`; a page's lists are attribute arrays.
// Money in integer cents; instants ISO 8601 UTC.

export const CUSTOMER_NAME_MAX = 100;
export const CUSTOMER_EMAIL_MAX = 254;
export const CUSTOMER_PHONE_MAX = 40;
export const CUSTOMER_NOTES_MAX = 2000;
export const CUSTOMER_SEARCH_MAX = 100;

/** How a walk-in paid staff at the desk. */
export const OFFLINE_PAYMENT_METHODS = ['cash', 'check'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
export const WALK_IN_PAYMENT_METHODS = [...OFFLINE_PAYMENT_METHODS, 'card'] as const;
export type WalkInPaymentMethod = (typeof WALK_IN_PAYMENT_METHODS)[number];

export const customerListQuerySchema = pageQuerySchema.extend({
  search: textSchema({ max: CUSTOMER_SEARCH_MAX }).optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

const attendeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  birthday: z.string().nullable(),
});

/** An order as a customer's history lists it. */
export const customerOrderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  total: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The programmes booked, in item order. */
  programmes: z.array(z.string()),
  /** Booked for a walk-in by staff (kept after the walk-in's history joined an account). */
  walk_in: z.boolean(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerEnrollmentSchema = z.object({
  id: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  attendee_name: z.string(),
  programme: z.string(),
  schedule: z.string(),
  created_at: z.string(),
});
export type CustomerEnrollment = z.infer<typeof customerEnrollmentSchema>;

const customerAttributesSchema = z.object({
  name: z.string(),
  email: z.string(),
  time_zone: z.string().nullable(),
  created_at: z.string(),
  /** Paid minus refunded, in cents (docs/product.md#customers). */
  lifetime_value: z.number().int(),
  orders_count: z.number().int(),
});

/** What a customer's page adds: their family, orders and enrollments (attribute lists). */
const customerDetailAttributesSchema = customerAttributesSchema.extend({
  family: z.array(attendeeSchema),
  orders: z.array(customerOrderSchema),
  enrollments: z.array(customerEnrollmentSchema),
});

export const customerResourceSchema = plainResourceObjectSchema(
  'customers',
  customerAttributesSchema,
);
export type CustomerResource = z.infer<typeof customerResourceSchema>;
export const customerDetailResourceSchema = plainResourceObjectSchema(
  'customers',
  customerDetailAttributesSchema,
);
export type CustomerDetailResource = z.infer<typeof customerDetailResourceSchema>;

export const customerListDocumentSchema = z.object({
  data: z.array(customerResourceSchema),
  meta: pageMetaSchema,
});
export type CustomerListDocument = z.infer<typeof customerListDocumentSchema>;
export const customerDocumentSchema = z.object({ data: customerDetailResourceSchema });
export type CustomerDocument = z.infer<typeof customerDocumentSchema>;

/** A customer as the web holds it after `flatten`. */
export const customerSchema = customerAttributesSchema.extend({ id: z.string() });
export type Customer = z.infer<typeof customerSchema>;
export const customerDetailSchema = customerDetailAttributesSchema.extend({ id: z.string() });
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

const nameSchema = textSchema({ min: 1, max: CUSTOMER_NAME_MAX });

/**
 * PUT /api/v2/admin/customers/{id}: contact details staff may change. The e-mail is not among
 * them: it signs the person in and was proven by confirmation (decision 033).
 */
export const customerBodySchema = z.object({
  customer: z.object({
    name: nameSchema,
    time_zone: textSchema({ max: 64 })
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'Unknown time zone')
      .nullable(),
  }),
});
export type CustomerBody = z.input<typeof customerBodySchema>;

const guestCustomerAttributesSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string(),
  /** The account their history joined, once they registered with this e-mail. */
  user_id: z.string().nullable(),
  created_at: z.string(),
  lifetime_value: z.number().int(),
});

/** What a walk-in's page adds: their attendees and orders (attribute lists). */
const guestCustomerDetailAttributesSchema = guestCustomerAttributesSchema.extend({
  /** Each with whether their card names someone to call (the desk asks for one otherwise). */
  attendees: z.array(attendeeSchema.extend({ has_emergency_contact: z.boolean() })),
  orders: z.array(customerOrderSchema),
  /**
   * The agreements required before booking that are on record in their current version: signed
   * on paper for the walk-in (`attendee_profile_id` null) or for one of their attendees.
   */
  agreements_on_record: z.array(
    z.object({ agreement_id: z.string(), attendee_profile_id: z.string().nullable() }),
  ),
});

export const guestCustomerResourceSchema = plainResourceObjectSchema(
  'guest_customers',
  guestCustomerAttributesSchema,
);
export type GuestCustomerResource = z.infer<typeof guestCustomerResourceSchema>;
export const guestCustomerDetailResourceSchema = plainResourceObjectSchema(
  'guest_customers',
  guestCustomerDetailAttributesSchema,
);
export type GuestCustomerDetailResource = z.infer<typeof guestCustomerDetailResourceSchema>;

export const guestCustomerListDocumentSchema = z.object({
  data: z.array(guestCustomerResourceSchema),
  meta: pageMetaSchema,
});
export type GuestCustomerListDocument = z.infer<typeof guestCustomerListDocumentSchema>;
export const guestCustomerDocumentSchema = z.object({ data: guestCustomerDetailResourceSchema });
export type GuestCustomerDocument = z.infer<typeof guestCustomerDocumentSchema>;

/** A walk-in customer as the web holds it after `flatten`. */
export const guestCustomerSchema = guestCustomerAttributesSchema.extend({ id: z.string() });
export type GuestCustomer = z.infer<typeof guestCustomerSchema>;
export const guestCustomerDetailSchema = guestCustomerDetailAttributesSchema.extend({
  id: z.string(),
});
export type GuestCustomerDetail = z.infer<typeof guestCustomerDetailSchema>;

const optionalText = (max: number, multiline = false) =>
  textSchema({ max, multiline })
    .nullish()
    .transform((v) => (v ? v : null));

/** POST/PUT body of a walk-in customer: a name, and an e-mail and/or phone if they gave one. */
export const guestCustomerBodySchema = z.object({
  guest_customer: z.object({
    name: nameSchema,
    email: textSchema({ max: CUSTOMER_EMAIL_MAX })
      .toLowerCase()
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(z.email('Invalid e-mail address').nullable()),
    phone: optionalText(CUSTOMER_PHONE_MAX),
    notes: optionalText(CUSTOMER_NOTES_MAX, true).transform((v) => v ?? ''),
  }),
});
export type GuestCustomerBody = z.input<typeof guestCustomerBodySchema>;

/** A coupon code typed at the desk: the checkout's rules (trimmed, at most the cart's length). */
const walkInCouponCodeSchema = textSchema({ max: COUPON_CODE_MAX_LENGTH, trim: true })
  .nullish()
  .transform((code) => code || null);

/**
 * POST /api/v2/admin/guest_customers/{id}/orders: one class booked for the walk-in. Attendees are
 * the walk-in's existing ones by id, or new ones made on the fly (name, birthday). Everyone booked
 * at the desk has someone to call: `emergency_contact` is added to the attendee's card, and is
 * needed for a new attendee and for one whose card names nobody (422 on its field otherwise).
 */
export const walkInOrderBodySchema = z.object({
  order: z.object({
    klass_group_schedule_id: idSchema,
    plan_id: idSchema,
    addon_ids: z.array(idSchema).max(20).default([]),
    attendees: z
      .array(
        // One object rather than a union of the two kinds, so that a bad contact's message is
        // said on its own field (`attendees.0.emergency_contact.phone`), not as the whole entry.
        z
          .object({
            id: idTextSchema().optional(),
            name: nameSchema.optional(),
            // The family form's birthday rules: a real date in the picker's range, not in the future.
            birthday: birthdaySchema.nullish(),
            emergency_contact: emergencyContactInputSchema.optional(),
          })
          .superRefine((a, ctx) => {
            if (a.id === undefined && a.name === undefined) {
              ctx.addIssue({ code: 'custom', path: ['name'], message: 'Required' });
            }
          }),
      )
      .min(1, 'Choose who attends this class')
      .max(20),
    payment_method: z.enum(WALK_IN_PAYMENT_METHODS, { error: 'Choose how they pay' }),
    /** As typed at the desk, like the cart's; blank or null: none. */
    coupon_code: walkInCouponCodeSchema,
    /**
     * The agreements the walk-in signed on paper at the desk (docs/product.md#agreements): each is
     * recorded as signed by `signed_by` in its current version, for the walk-in (per-family ones)
     * and for every attendee of this booking (per-child ones). Agreements required before booking
     * and not on record yet must be among them (422 on `paper_agreements` otherwise).
     */
    paper_agreements: z
      .object({
        signed_by: nameSchema,
        agreement_ids: z.array(idSchema).min(1, 'Choose the agreements signed').max(20),
      })
      .optional(),
  }),
});
export type WalkInOrderBody = z.input<typeof walkInOrderBodySchema>;

/**
 * GET /api/v2/admin/guest_customers/{id}/price: what the walk-in would pay for a booking now,
 * priced as the walk-in (their coupon uses, no user group), the desk's "To take". `addon_ids` is
 * a comma-separated list of ids. A coupon that does not apply is a 422 on `coupon_code` saying why.
 */
export const walkInPriceQuerySchema = z.object({
  klass_group_schedule_id: idSchema,
  plan_id: idSchema,
  number_of_attendees: z.coerce.number().int().min(1).max(20),
  addon_ids: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : []))
    .pipe(z.array(idSchema).max(20)),
  coupon_code: walkInCouponCodeSchema,
});
export type WalkInPriceQuery = z.input<typeof walkInPriceQuerySchema>;

/** The walk-in's price in cents; `coupon_code` is the applied coupon's code as stored. */
export const walkInPriceDocumentSchema = z.object({
  data: z.object({
    type: z.literal('walk_in_prices'),
    id: z.string(),
    attributes: z.object({
      subtotal: z.number().int(),
      discount: z.number().int(),
      total: z.number().int(),
      coupon_code: z.string().nullable(),
    }),
  }),
});
export type WalkInPriceDocument = z.infer<typeof walkInPriceDocumentSchema>;

/** The walk-in's order; `meta.payment_method` says how it was (or is to be) paid. */
export const walkInOrderDocumentSchema = z.object({
  data: orderResourceSchema,
  meta: z.object({ payment_method: z.enum(WALK_IN_PAYMENT_METHODS) }),
});
export type WalkInOrderDocument = z.infer<typeof walkInOrderDocumentSchema>;

export const CUSTOMER_MESSAGES = {
  unknownAttendee: 'This attendee is not one of the customer’s',
  unknownPlan: 'This plan is not offered by the class',
  unknownAddon: 'This add-on is not offered by the class',
  scheduleUnavailable: 'This class can no longer be booked',
  alreadyJoined: 'This walk-in’s history has joined an account: book for the account instead',
} as const;
