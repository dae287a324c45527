import { TOKEN_ERROR_REASONS, type TokenErrorReason } from '@atelier/contract';
import { toApiError } from '../../lib/api-client';

function isTokenErrorReason(reason: string | null): reason is TokenErrorReason {
  return (TOKEN_ERROR_REASONS as readonly (string | null)[]).includes(reason);
}

/** Why a mailed link was refused (`meta.reason` of its 404/410), or null for other failures. */
export function linkFailureReason(error: unknown): TokenErrorReason | null {
  const { status, reason } = toApiError(error);
  if (isTokenErrorReason(reason)) return reason;
  // A proxy or an older server may answer without meta: the status still tells most of it.
  if (status === 404) return 'invalid';
  if (status === 410) return 'expired';
  return null;
}

/** `meta.reason` of any failed call (e.g. 'email_taken' on a 409), or null. */
export function failureReason(error: unknown): string | null {
  return toApiError(error).reason;
}
