import { type Language, REQUEST_TIMEOUT_MS } from '@atelier/contract';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { i18n, storedLanguage } from '../i18n/i18n';
import { createHttpClient, type HttpClient, type HttpError, isHttpError } from './http-client';
import { loadContractParsers } from './load-contract-parsers';
import { sessionExpired } from './session-expired';
import { snackbarShown } from './snackbar-slice';
import { getToken, setToken } from './storage';

/** What the app keeps of a failed call: enough for a snackbar, a form, or a retry decision. */
export type ApiError = {
  /** HTTP status; null when no response arrived (timeout, network). */
  status: number | null;
  /** The transport's error code, e.g. ECONNABORTED for a timeout (lib/http-client.ts). */
  code: string | null;
  /** The first error entry's detail from the server's error document, if any. */
  detail: string | null;
  /** The first error entry's `meta.reason` (e.g. 'expired' for a mailed link), if any. */
  reason: string | null;
  /** The first error entry's `code` (e.g. `sold_out` beside another 409), if any. */
  errorCode?: string | null;
  /** The first error entry's `meta` (e.g. `cart_item_id` naming what is sold out), if any. */
  meta?: Record<string, unknown> | null;
  /** docs/product.md#validation field messages of a 422 (`meta.type === 'validate'`), keyed by field. */
  fields: Record<string, string>;
  message: string;
};

/** The store surface the client needs; a structural type so tests can pass any store. */
type DispatchingStore = { dispatch: Dispatch<UnknownAction> };

let boundStore: DispatchingStore | null = null;

/** Wires the client to a store: snackbars and the 401 sign-out go to its dispatch. */
export function installApiClient(store: DispatchingStore): void {
  boundStore = store;
}

/** Set by the store as the screen's language changes; until then, the remembered choice. */
let contentLanguage: Language | null = null;

/**
 * The language the screen shows, sent as `Accept-Language` with every call: the server answers
 * what the school wrote in it (docs/architecture.md#translated-content), also to a guest.
 */
export function setContentLanguage(language: Language): void {
  contentLanguage = language;
}

/** docs/architecture.md#sessions: past half its life the server sends a fresh token, which replaces the stored one. */
function storeRefreshedToken(headers: { get(name: string): string | undefined }): void {
  const value = headers.get('authorization');
  if (typeof value !== 'string' || value.trim() === '') return;
  setToken(value.replace(/^Bearer\s+/i, '').trim());
}

type ErrorBody = {
  detail: string | null;
  reason: string | null;
  errorCode: string | null;
  meta: Record<string, unknown> | null;
  fields: Record<string, string>;
};

/**
 * A failed response's body as parsed by the contract's error schema, keyed by the HttpError.
 * The parsing needs zod, which is loaded on demand (lib/contract-parsers.ts), so it happens
 * here, asynchronously, before the rejection reaches any caller; `toApiError` stays synchronous.
 */
const parsedErrorBodies = new WeakMap<object, ErrorBody>();

async function parseErrorResponseBody(error: HttpError): Promise<void> {
  try {
    const { parseErrorBody } = await loadContractParsers();
    parsedErrorBodies.set(error, parseErrorBody(error.response?.data));
  } catch (parseFailure) {
    // Without the parser chunk (offline, a new deploy) the error still reaches its caller.
    console.error('Could not read an error response', parseFailure);
  }
}

/** The one HTTP client of the app (docs/product.md#server-calls): same origin, 7000 ms timeout, bearer token. */
export const apiClient: HttpClient = createHttpClient({
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/vnd.api+json, application/json' },
  hooks: {
    beforeRequest(request) {
      const token = getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (!request.headers.has('Accept-Language')) {
        request.headers.set('Accept-Language', contentLanguage ?? storedLanguage());
      }
    },
    afterResponse(response) {
      storeRefreshedToken(response.headers);
    },
    async onError(error) {
      if (!error.response) return;
      await parseErrorResponseBody(error);
      storeRefreshedToken(error.response.headers);
      // docs/product.md#error-handling: a 401 signs out and goes to /login with no message.
      if (error.response.status === 401 && !error.config.skipSessionExpiry) {
        boundStore?.dispatch(sessionExpired());
      }
    },
  },
});

/**
 * A call whose answer came after the store was reset (a 401 or a sign-out emptied it while the
 * call was in flight, see `queryData` in api.ts): nobody is left to tell, so the common error
 * handler stays silent about it.
 */
export class CallOutlivedStoreError extends Error {
  override name = 'CallOutlivedStoreError';
  constructor() {
    super('The store was reset while the call was in flight');
  }
}

function isApiError(value: unknown): value is ApiError {
  return (
    value !== null &&
    typeof value === 'object' &&
    'fields' in value &&
    'status' in value &&
    'code' in value &&
    'message' in value
  );
}

/** Normalises anything a call may throw (HttpError, ApiError, other) into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isHttpError(error)) {
    // Only apiClient's errors have a parsed body; any other client's error has no detail or fields.
    const body = parsedErrorBodies.get(error);
    return {
      status: error.response?.status ?? null,
      code: error.code,
      detail: body?.detail ?? null,
      reason: body?.reason ?? null,
      errorCode: body?.errorCode ?? null,
      meta: body?.meta ?? null,
      fields: body?.fields ?? {},
      message: error.message,
    };
  }
  return {
    status: null,
    // RTK Query answers a call it aborted (the store was reset under it: a 401 or a sign-out) with
    // a plain `{name: 'AbortError'}`, not the transport's cancelled HttpError; both are one case.
    code: isAbort(error) ? 'ERR_CANCELED' : null,
    detail: null,
    reason: null,
    fields: {},
    message: error instanceof Error ? error.message : describe(error),
  };
}

function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error)
    return String(error.message);
  return String(error);
}

/** docs/product.md#validation: a 422's validate entries as `{field: message}`; `{}` for any other failure. */
export function fieldErrors(error: unknown): Record<string, string> {
  return toApiError(error).fields;
}

/**
 * The snackbar text docs/product.md#error-handling gives for a failure, or null when the catalogue shows nothing
 * (401: the session handler acts; 400 and 500: logged only; a cancelled call).
 * `message` is the caller's text for the action; it wins over the server's detail.
 */
export function errorSnackbarText(error: unknown, message?: string): string | null {
  const apiError = toApiError(error);
  if (apiError.status === 401 || apiError.status === 400 || apiError.status === 500) return null;
  // A cancelled call was given up on purpose (a 401 or a sign-out reset the store under it):
  // nobody waits for its answer, and "Error" on the login page would only puzzle.
  if (apiError.code === 'ERR_CANCELED') return null;
  if (apiError.code === 'ECONNABORTED') {
    return i18n.t('errors.timeout');
  }
  const generic = i18n.t('errors.generic');
  if (apiError.status === null) return generic;
  return i18n.t('errors.status', {
    status: apiError.status,
    message: message || apiError.detail || generic,
  });
}

/**
 * The common error handler (docs/product.md#error-handling): shows the catalogue's snackbar for `error`, labelled by
 * the action's `message` when given, and logs what is only logged.
 */
export function handleError(error: unknown, message?: string): void {
  if (error instanceof CallOutlivedStoreError) return;
  const apiError = toApiError(error);
  if (apiError.status === 400 || apiError.status === 500) {
    console.error(message ?? 'Request failed', apiError);
    return;
  }
  const text = errorSnackbarText(apiError, message);
  if (text !== null) boundStore?.dispatch(snackbarShown({ content: text, type: 'error' }));
}
