import { apiClient } from '../lib/api-client';
import {
  type HttpAdapter,
  HttpError,
  HttpHeaders,
  type HttpResponse,
  type ResolvedRequest,
} from '../lib/http-client';

/** A request as the fake server saw it (after the client's interceptors). */
export type FakeRequest = {
  method: string;
  url: string;
  params: Record<string, unknown>;
  /** The parsed JSON body, or the raw body when it is not JSON (FormData, text). */
  body: unknown;
  headers: HttpHeaders;
  timeout: number | undefined;
};

/** What the fake server answers: a response, a timeout, or no response at all. */
export type FakeReply =
  | { status?: number; data?: unknown; headers?: Record<string, string> }
  | { timeout: true }
  | { networkError: true };

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** The server's 422 with one field message, as its validation answers it. */
export function validationReply(field: string, detail: string): FakeReply {
  return {
    status: 422,
    data: {
      errors: [{ status: '422', code: 'validation', detail, meta: { type: 'validate', field } }],
    },
  };
}

/** `'METHOD /path'` → a reply or a handler; unmatched requests get a JSON:API 404. */
export type FakeRoutes = Record<string, FakeReply | FakeHandler>;

export type FakeApi = {
  /** Every request in order. */
  requests: FakeRequest[];
  /** Puts the real network adapter back. */
  restore(): void;
};

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function notFound(request: FakeRequest): FakeReply {
  return {
    status: 404,
    data: {
      errors: [
        { status: '404', code: 'not_found', detail: `No route ${request.method} ${request.url}` },
      ],
    },
  };
}

/**
 * Replaces apiClient's network adapter with an in-memory server: the client's hooks, timeout and
 * error shapes stay the real ones, so tests see what the app sees. A timeout or a network failure
 * rejects as the browser transport does (lib/http-client.ts); any status is answered, and the
 * client turns a non-2xx one into its HttpError.
 */
export function fakeApi(routes: FakeRoutes | FakeHandler): FakeApi {
  const previous = apiClient.defaults.adapter;
  const requests: FakeRequest[] = [];
  const adapter: HttpAdapter = async (config: ResolvedRequest) => {
    const request: FakeRequest = {
      method: config.method,
      url: config.url,
      params: { ...(config.params as Record<string, unknown> | undefined) },
      body: parseBody(config.data),
      headers: config.headers,
      timeout: config.timeout,
    };
    requests.push(request);
    let reply: FakeReply;
    if (typeof routes === 'function') reply = await routes(request);
    else {
      const route = routes[`${request.method} ${request.url}`];
      reply =
        route === undefined
          ? notFound(request)
          : typeof route === 'function'
            ? await route(request)
            : route;
    }
    if ('timeout' in reply) {
      throw new HttpError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config);
    }
    if ('networkError' in reply) throw new HttpError('Network Error', 'ERR_NETWORK', config);
    const response: HttpResponse = {
      data: reply.data ?? null,
      status: reply.status ?? 200,
      headers: new HttpHeaders(reply.headers ?? {}),
    };
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return {
    requests,
    restore() {
      apiClient.defaults.adapter = previous;
    },
  };
}
