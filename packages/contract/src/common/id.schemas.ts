import { z } from 'zod';

// One id schema for every id a request carries: path params, bodies and queries
// (docs/architecture.md#http-contract). Ids are PostgreSQL `integer`s, written as decimal strings.

/** The largest id the database holds: PostgreSQL `integer`. */
export const ID_MAX = 2_147_483_647;

/** Plain decimal digits, no sign, no leading zero, at most 10 digits (range checked apart). */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/** True for the text of an id: `1` … `2147483647`, nothing else (no `0x10`, `1e3`, ` 1`, `01`). */
export function isIdText(text: string): boolean {
  return ID_TEXT.test(text) && Number(text) <= ID_MAX;
}

/**
 * An id kept as text, for the few places that hand ids back as the client wrote them (a guest's
 * cart items, search exceptions). `message` is the refusal a form shows ('Invalid input' unless a
 * field says more, e.g. "This class is not available"). No coercion: `12` as a number is refused.
 */
export function idTextSchema(message: string = 'Invalid input') {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'Required' : message) })
    .refine(isIdText, message);
}

/**
 * A database id: the decimal string `1` … `2147483647`, parsed to the number the database takes.
 * Every id of a path, body or query goes through this (or idTextSchema, its text form).
 */
export const idSchema = idTextSchema().transform(Number);
/** A database id as the client writes it (a decimal string). */
export type IdText = z.input<typeof idSchema>;

/** `{id}` path parameters: `/api/v1/plans/{id}`. */
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;
