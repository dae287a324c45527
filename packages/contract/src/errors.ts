import { z } from 'zod';

/** The closed list of error codes a service may throw, with the HTTP status each maps to. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** Checkout: an item's schedule has fewer seats left than it books (meta.cart_item_id names it). */
  sold_out: 409,
  /** Checkout: a coupon has reached its redemption limit (meta.coupon_code names it). */
  coupon_used_up: 409,
  /** A mailed link that has expired or was already used (meta.reason says which). */
  gone: 410,
  payload_too_large: 413,
  /** A body in a form the route does not read (e.g. multipart where only JSON is taken). */
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export const errorEntrySchema = z.object({
  status: z.string(),
  code: z.string(),
  detail: z.string(),
  meta: z
    .object({ type: z.string().optional(), field: z.string().optional() })
    .catchall(z.unknown())
    .optional(),
});
export type ErrorEntry = z.infer<typeof errorEntrySchema>;

/** `{errors: [...]}`: the body of every error response (docs/architecture.md#http-contract). */
export const errorDocumentSchema = z.object({ errors: z.array(errorEntrySchema) });
export type ErrorDocument = z.infer<typeof errorDocumentSchema>;

/** A field-level validation failure: `meta.type` is `validate` and `meta.field` names the field. */
export type FieldError = { field: string; detail: string };

export function errorDocument(
  code: ErrorCode,
  detail: string,
  meta?: ErrorEntry['meta'],
): ErrorDocument {
  const entry: ErrorEntry = { status: String(errorStatus[code]), code, detail };
  if (meta) entry.meta = meta;
  return { errors: [entry] };
}

export function validationDocument(fields: FieldError[]): ErrorDocument {
  return {
    errors: fields.map((f) => ({
      status: '422',
      code: 'validation',
      detail: f.detail,
      meta: { type: 'validate', field: f.field },
    })),
  };
}

/**
 * docs/product.md#validation: entries whose meta.type is `validate` become field messages keyed by meta.field.
 * The first message for a field wins.
 */
export function fieldMessages(body: unknown): Record<string, string> {
  const parsed = errorDocumentSchema.safeParse(body);
  if (!parsed.success) return {};
  const out: Record<string, string> = {};
  for (const e of parsed.data.errors) {
    const field = e.meta?.field;
    if (e.meta?.type === 'validate' && field && !(field in out)) out[field] = e.detail;
  }
  return out;
}
