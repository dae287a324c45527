// The app's HTTP transport (docs/decisions/039-own-http-client.md): the few things the web needs
// from an HTTP library (a timeout that fails with ECONNABORTED, upload progress, JSON in and out,
// response headers, abort) on XMLHttpRequest, in a few hundred bytes, so the first visit does
// not download a general-purpose library. `lib/api-client.ts` adds the app's rules on top.

/** What a failed call is: the codes the error catalogue (docs/product.md#error-handling) keys on. */
export type HttpErrorCode =
  | 'ECONNABORTED'
  | 'ERR_NETWORK'
  | 'ERR_CANCELED'
  | 'ERR_BAD_REQUEST'
  | 'ERR_BAD_RESPONSE';

/** Upload progress as the browser reports it; `total` is absent when unknown. */
export type UploadProgressEvent = { loaded: number; total?: number };

/** Header names are case-insensitive; `get` answers undefined for a header that is not there. */
export class HttpHeaders {
  private readonly values = new Map<string, string>();

  constructor(init: Record<string, string | undefined> = {}) {
    for (const [name, value] of Object.entries(init))
      if (value !== undefined) this.set(name, value);
  }

  /** Parses XMLHttpRequest's getAllResponseHeaders() text. */
  static fromRaw(raw: string): HttpHeaders {
    const headers = new HttpHeaders();
    for (const line of raw.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    }
    return headers;
  }

  get(name: string): string | undefined {
    return this.values.get(name.toLowerCase());
  }

  set(name: string, value: string): void {
    this.values.set(name.toLowerCase(), value);
  }

  has(name: string): boolean {
    return this.values.has(name.toLowerCase());
  }

  entries(): [string, string][] {
    return [...this.values.entries()];
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request. `params` become the query string (undefined and null values are left out). */
export type HttpRequestConfig = {
  url: string;
  method?: HttpMethod | Lowercase<HttpMethod>;
  data?: unknown;
  params?: unknown;
  headers?: Record<string, string | undefined>;
  /** Milliseconds; 0 or absent means the client's default. */
  timeout?: number;
  /** `blob`: a success's body is kept as bytes (a PDF to save); an error's is still read as text. */
  responseType?: 'blob';
  signal?: AbortSignal;
  // A method signature on purpose: callers may type their handler with a richer event.
  onUploadProgress?(event: UploadProgressEvent): void;
  /** Leaves a 401 to the caller instead of ending the session (see api-client.ts). */
  skipSessionExpiry?: boolean;
};

/** A request as the adapter receives it: method upper-cased, headers and timeout resolved. */
export type ResolvedRequest = Omit<HttpRequestConfig, 'method' | 'headers' | 'timeout'> & {
  method: HttpMethod;
  headers: HttpHeaders;
  timeout: number;
};

export type HttpResponse<T = unknown> = { data: T; status: number; headers: HttpHeaders };

/** Sends a resolved request; resolves with any status (the client decides what fails). */
export type HttpAdapter = (request: ResolvedRequest) => Promise<HttpResponse>;

/** A call that failed: no answer (timeout, network, cancelled) or a non-2xx `response`. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly isHttpError = true;

  constructor(
    message: string,
    readonly code: HttpErrorCode,
    readonly config: ResolvedRequest,
    readonly response?: HttpResponse,
  ) {
    super(message);
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return (
    value instanceof HttpError ||
    (typeof value === 'object' && value !== null && 'isHttpError' in value && !!value.isHttpError)
  );
}

/** `url` with `params` appended as a query string. */
export function buildUrl(url: string, params: unknown): string {
  if (!params || typeof params !== 'object') return url;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** A JSON text becomes its value; anything else (CSV, HTML, empty) stays text. */
function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRawBody(data: unknown): boolean {
  return (
    typeof data === 'string' ||
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && data instanceof URLSearchParams)
  );
}

/** The browser transport. */
export const xhrAdapter: HttpAdapter = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, buildUrl(request.url, request.params), true);
    xhr.timeout = request.timeout;
    let body: XMLHttpRequestBodyInit | null = null;
    if (request.data !== undefined) {
      if (isRawBody(request.data)) body = request.data as XMLHttpRequestBodyInit;
      else {
        body = JSON.stringify(request.data);
        if (!request.headers.has('content-type')) {
          request.headers.set('Content-Type', 'application/json');
        }
      }
    }
    for (const [name, value] of request.headers.entries()) xhr.setRequestHeader(name, value);
    const fail = (message: string, code: HttpErrorCode) => () =>
      reject(new HttpError(message, code, request));
    xhr.ontimeout = fail(`timeout of ${request.timeout}ms exceeded`, 'ECONNABORTED');
    xhr.onerror = fail('Network Error', 'ERR_NETWORK');
    xhr.onabort = fail('canceled', 'ERR_CANCELED');
    if (request.onUploadProgress && xhr.upload) {
      const report = request.onUploadProgress;
      xhr.upload.onprogress = (event) =>
        report({ loaded: event.loaded, ...(event.lengthComputable ? { total: event.total } : {}) });
    }
    if (request.responseType === 'blob') xhr.responseType = 'blob';
    xhr.onload = async () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      let data: unknown;
      if (request.responseType !== 'blob') data = parseBody(xhr.responseText);
      else if (ok) data = xhr.response;
      else {
        // An error document, though bytes were asked for: read it as the other answers are.
        try {
          data = parseBody(await (xhr.response as Blob).text());
        } catch {
          data = '';
        }
      }
      resolve({
        data,
        status: xhr.status,
        headers: HttpHeaders.fromRaw(xhr.getAllResponseHeaders()),
      });
    };
    if (request.signal) {
      if (request.signal.aborted) {
        xhr.abort();
        return;
      }
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });

type Shorthand = Omit<HttpRequestConfig, 'url' | 'method' | 'data'>;

export type HttpClient = {
  defaults: { timeout: number; headers: Record<string, string>; adapter: HttpAdapter };
  /** Resolves with a 2xx response; rejects with an HttpError otherwise. */
  request<T = unknown>(config: HttpRequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: Shorthand): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: Shorthand): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: Shorthand): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: Shorthand): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: Shorthand): Promise<HttpResponse<T>>;
};

/** Hooks the app's client runs around each call (token in, token refresh, 401, error bodies). */
export type HttpHooks = {
  beforeRequest?: (request: ResolvedRequest) => void;
  afterResponse?: (response: HttpResponse, request: ResolvedRequest) => void;
  /** Runs before a failed call's error reaches the caller; may be asynchronous. */
  onError?: (error: HttpError) => void | Promise<void>;
};

export function createHttpClient(
  options: {
    timeout?: number;
    headers?: Record<string, string>;
    adapter?: HttpAdapter;
    hooks?: HttpHooks;
  } = {},
): HttpClient {
  const defaults = {
    timeout: options.timeout ?? 0,
    headers: { ...options.headers },
    adapter: options.adapter ?? xhrAdapter,
  };
  const hooks = options.hooks ?? {};

  async function request<T>(config: HttpRequestConfig): Promise<HttpResponse<T>> {
    const resolved: ResolvedRequest = {
      ...config,
      method: (config.method ?? 'GET').toUpperCase() as HttpMethod,
      headers: new HttpHeaders({ ...defaults.headers, ...config.headers }),
      timeout: config.timeout || defaults.timeout,
    };
    hooks.beforeRequest?.(resolved);
    let response: HttpResponse;
    try {
      response = await defaults.adapter(resolved);
    } catch (error) {
      const failure = isHttpError(error)
        ? error
        : new HttpError(
            error instanceof Error ? error.message : 'Network Error',
            'ERR_NETWORK',
            resolved,
          );
      await hooks.onError?.(failure);
      throw failure;
    }
    if (response.status < 200 || response.status >= 300) {
      const failure = new HttpError(
        `Request failed with status code ${response.status}`,
        response.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
        resolved,
        response,
      );
      await hooks.onError?.(failure);
      throw failure;
    }
    hooks.afterResponse?.(response, resolved);
    return response as HttpResponse<T>;
  }

  return {
    defaults,
    request,
    get: (url, config) => request({ ...config, url, method: 'GET' }),
    delete: (url, config) => request({ ...config, url, method: 'DELETE' }),
    post: (url, data, config) => request({ ...config, url, method: 'POST', data }),
    put: (url, data, config) => request({ ...config, url, method: 'PUT', data }),
    patch: (url, data, config) => request({ ...config, url, method: 'PATCH', data }),
  };
}
