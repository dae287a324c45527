import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import {
  type ApiError,
  apiClient,
  CallOutlivedStoreError,
  handleError,
  toApiError,
} from './api-client';
import type { HttpRequestConfig } from './http-client';

/** One request as RTK Query endpoints describe it (lib/http-client.ts). */
export type HttpQueryArgs = Pick<
  HttpRequestConfig,
  | 'url'
  | 'method'
  | 'data'
  | 'params'
  | 'headers'
  | 'timeout'
  | 'responseType'
  | 'onUploadProgress'
  | 'skipSessionExpiry'
>;

/**
 * Sends every RTK Query request through `apiClient`, so the docs/product.md#server-calls and #error-handling rules (timeout, bearer
 * header, token refresh, 401 sign-out) apply to it too. Errors come back as ApiError; showing a
 * snackbar is left to the caller (`handleError`), since only the caller knows the action's label.
 * The response body is returned raw: endpoints parse it with the contract's schemas.
 */
export const httpBaseQuery: BaseQueryFn<HttpQueryArgs | string, unknown, ApiError> = async (
  args,
  { signal },
) => {
  const request = typeof args === 'string' ? { url: args } : args;
  try {
    const response = await apiClient.request({
      ...request,
      method: request.method ?? 'GET',
      signal,
    });
    return { data: response.data };
  } catch (error) {
    return { error: toApiError(error) };
  }
};

/** What a dispatched query `initiate` settles to (RTK Query's query state). */
export type QueryOutcome<T> = {
  isSuccess: boolean;
  isError: boolean;
  data?: T;
  error?: unknown;
};

/**
 * The data of a query a thunk runs once (`initiate(arg, { subscribe: false, forceRefetch: true })`),
 * or its error thrown. RTK Query reads the answer back from the cache; when the store was reset
 * while the call was in flight (a 401 ends the session and empties the cache) nothing is there,
 * and this throws `CallOutlivedStoreError` where `unwrap()` would answer `undefined`.
 */
export async function queryData<T>(query: PromiseLike<QueryOutcome<T>>): Promise<T> {
  const outcome = await query;
  if (outcome.isError) throw outcome.error;
  if (outcome.isSuccess) return outcome.data as T;
  throw new CallOutlivedStoreError();
}

/**
 * `onQueryStarted` of a query that components hold through a hook (a page's own list): each failed
 * request goes through the common error handler once (docs/product.md#error-handling: the
 * snackbar), however many components hold the entry, beside whatever inline line the page shows.
 * Thunks that run a query report its failure themselves and do not use this (decision 017).
 */
export async function reportLoadFailure(
  _arg: unknown,
  { queryFulfilled }: { queryFulfilled: Promise<unknown> },
): Promise<void> {
  try {
    await queryFulfilled;
  } catch (failure) {
    handleError((failure as { error: unknown }).error);
  }
}

/**
 * The app's one RTK Query api (docs/decisions/017-one-way-to-the-server-rtk-query.md): every
 * server call is an endpoint; each feature adds its own with `api.injectEndpoints` in its
 * `<feature>-api.ts` and names what it caches and invalidates with these tags.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: [
    'User',
    'Notification',
    'CartItem',
    'KlassGroup',
    'KlassGroupSchedule',
    'Klass',
    'Plan',
    'Coupon',
    'UserGroup',
    'Order',
    'Refund',
    'Post',
    'Comment',
    'Feedback',
    'AttendeeProfile',
    'Customer',
    'GuestCustomer',
    'Waitlist',
    'PhotoBox',
    'Message',
    'Attendance',
    'Ledger',
    'FamilyGuardian',
    'Agreement',
    'Makeup',
    'Trial',
    'Enrollment',
    'Billing',
    'Pass',
  ],
  endpoints: () => ({}),
});
