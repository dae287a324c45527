import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { AxiosRequestConfig } from 'axios';
import { type ApiError, apiClient, toApiError } from './api-client';

/** One request as RTK Query endpoints describe it. */
export type AxiosQueryArgs = {
  url: string;
  method?: AxiosRequestConfig['method'];
  data?: unknown;
  params?: unknown;
  headers?: AxiosRequestConfig['headers'];
  onUploadProgress?: AxiosRequestConfig['onUploadProgress'];
};

/**
 * Sends every RTK Query request through `apiClient`, so the docs/product.md#server-calls and #error-handling rules (timeout, bearer
 * header, token refresh, 401 sign-out) apply to it too. Errors come back as ApiError; showing a
 * snackbar is left to the caller (`handleError`), since only the caller knows the action's label.
 * The response body is returned raw: endpoints parse it with the contract's schemas.
 */
export const axiosBaseQuery: BaseQueryFn<AxiosQueryArgs | string, unknown, ApiError> = async (
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

/** The app's one RTK Query api; features add endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
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
  ],
  endpoints: () => ({}),
});
