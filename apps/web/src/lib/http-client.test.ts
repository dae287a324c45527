import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUrl, createHttpClient, HttpHeaders, isHttpError, xhrAdapter } from './http-client';

// The browser transport against a real HTTP server (jsdom's XMLHttpRequest makes real requests):
// what the error catalogue keys on (docs/product.md#error-handling) must come out of a real socket.

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
let server: Server;
let origin: string;
const seen: Seen[] = [];

function cors(res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', '*');
  res.setHeader('access-control-allow-methods', '*');
  res.setHeader('access-control-expose-headers', 'authorization');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    cors(res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/slow') {
        setTimeout(() => res.writeHead(200).end('{}'), 1000);
        return;
      }
      if (path === '/json') {
        res.setHeader('content-type', 'application/json');
        res.setHeader('authorization', 'Bearer fresh');
        res.writeHead(200).end(JSON.stringify({ data: { id: '1' } }));
        return;
      }
      if (path === '/csv') {
        res.setHeader('content-type', 'text/csv');
        res.writeHead(200).end('a,b\n1,2\n');
        return;
      }
      if (path === '/missing') {
        res.setHeader('content-type', 'application/json');
        res.writeHead(404).end(JSON.stringify({ errors: [{ status: '404', detail: 'Nope' }] }));
        return;
      }
      if (path === '/broken') {
        res.writeHead(503).end('down');
        return;
      }
      if (path === '/drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(200).end('');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = () => createHttpClient({ timeout: 500, headers: { Accept: 'application/json' } });

describe('the browser transport', () => {
  it('sends JSON with its content type and query params, and parses a JSON answer', async () => {
    const response = await client().post(
      `${origin}/json`,
      { name: 'Mia' },
      { params: { page: 2, search: 'a b', skip: undefined, none: null } },
    );
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ data: { id: '1' } });
    expect(response.headers.get('Authorization')).toBe('Bearer fresh');
    const request = seen.at(-1);
    expect(request?.url).toBe('/json?page=2&search=a+b');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Mia' });
  });

  it('keeps a text answer as text', async () => {
    const response = await client().get(`${origin}/csv`);
    expect(response.data).toBe('a,b\n1,2\n');
  });

  it('fails a non-2xx answer with the response, coded by its class', async () => {
    const notFound = await client()
      .get(`${origin}/missing`)
      .catch((e: unknown) => e);
    expect(isHttpError(notFound)).toBe(true);
    expect(notFound).toMatchObject({
      code: 'ERR_BAD_REQUEST',
      message: 'Request failed with status code 404',
      response: { status: 404, data: { errors: [{ detail: 'Nope' }] } },
    });
    const down = await client()
      .get(`${origin}/broken`)
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ code: 'ERR_BAD_RESPONSE', response: { status: 503 } });
  });

  it('times out with ECONNABORTED (the "Timeout Error" snackbar keys on it)', async () => {
    const error = await client()
      .get(`${origin}/slow`, { timeout: 100 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ECONNABORTED', message: 'timeout of 100ms exceeded' });
    expect((error as { response?: unknown }).response).toBeUndefined();
  });

  it('reports a dropped connection as a network error without a response', async () => {
    const error = await client()
      .get(`${origin}/drop`)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ERR_NETWORK' });
  });

  it('is cancelled by its abort signal', async () => {
    const controller = new AbortController();
    const pending = client().get(`${origin}/slow`, { signal: controller.signal, timeout: 5000 });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ERR_CANCELED' });
  });

  it('sends FormData as multipart, letting the browser write the boundary', async () => {
    const form = new FormData();
    form.append('caption', 'Sunflowers');
    await client().post(`${origin}/echo`, form);
    const request = seen.at(-1);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('Sunflowers');
  });
});

describe('the client around a transport', () => {
  it('resolves headers and timeout, upper-cases the method, and runs the hooks', async () => {
    const calls: string[] = [];
    const http = createHttpClient({
      timeout: 7000,
      headers: { Accept: 'application/json' },
      adapter: async (request) => {
        calls.push(`${request.method} ${request.url} ${request.timeout}`);
        expect(request.headers.get('authorization')).toBe('Bearer t');
        return { data: 'ok', status: 204, headers: new HttpHeaders({ 'X-A': '1' }) };
      },
      hooks: {
        beforeRequest: (request) => request.headers.set('Authorization', 'Bearer t'),
        afterResponse: (response) => calls.push(`after ${response.headers.get('x-a')}`),
      },
    });
    await http.request({ url: '/x', method: 'put' });
    expect(calls).toEqual(['PUT /x 7000', 'after 1']);
  });

  it('lets the error hook finish before the rejection reaches the caller', async () => {
    const order: string[] = [];
    const http = createHttpClient({
      adapter: async () => ({ data: null, status: 401, headers: new HttpHeaders() }),
      hooks: {
        onError: async (error) => {
          await new Promise((r) => setTimeout(r, 10));
          order.push(`hook ${error.response?.status}`);
        },
      },
    });
    await http.get('/me').catch(() => order.push('caller'));
    expect(order).toEqual(['hook 401', 'caller']);
  });

  it('the browser transport is the default', () => {
    expect(createHttpClient().defaults.adapter).toBe(xhrAdapter);
  });
});

describe('buildUrl', () => {
  it('appends params to a path that may already carry a query', () => {
    expect(buildUrl('/a', { page: 1 })).toBe('/a?page=1');
    expect(buildUrl('/a?x=1', { page: 1 })).toBe('/a?x=1&page=1');
    expect(buildUrl('/a', {})).toBe('/a');
    expect(buildUrl('/a', undefined)).toBe('/a');
  });
});
