/** SQLSTATE codes the app reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** Newer PostgreSQL (PGlite is 17) reports a delete blocked by `ON DELETE RESTRICT` as 23001. */
export const PG_RESTRICT_VIOLATION = '23001';

/**
 * The SQLSTATE of a database error, from node-postgres or PGlite, whether Drizzle wrapped it
 * (DrizzleQueryError keeps the driver's error as `cause`) or not; undefined for anything else.
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a unique or foreign-key violation names, when the driver reports it. */
export function pgConstraint(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined;
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A write refused because a row is still referenced (NO ACTION or RESTRICT) or references a
 * missing row: the SQLSTATE differs across PostgreSQL versions, the meaning does not.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION;
}

export const isUniqueViolation = (error: unknown): boolean =>
  pgErrorCode(error) === PG_UNIQUE_VIOLATION;
