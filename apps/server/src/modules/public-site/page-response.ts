import { constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type EncodedBody, lazilyEncoded } from '../../lib/encoded-body';
import { preferredEncoding } from '../../plugins/spa';
import { type Negotiated, sendLanguageHeaders } from './language';
import { type RenderedPage, type SiteContext, siteContentSecurityPolicy } from './layout';

/** A rendered page as bytes, with its ETag, its policy and its compressed forms (made once each). */
export type PageBody = EncodedBody & { bytes: Buffer; policy: string };

/** A page of the site as a body, with its policy. */
export function pageBody(site: SiteContext, page: RenderedPage): PageBody {
  return encodedBody(Buffer.from(page.html, 'utf8'), siteContentSecurityPolicy(site, page));
}

/** Any text body (HTML, XML) with its ETag and lazily compressed forms. */
export function encodedBody(bytes: Buffer, policy: string): PageBody {
  return {
    bytes,
    policy,
    ...lazilyEncoded(bytes, {
      [zlib.BROTLI_PARAM_QUALITY]: 6,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    }),
  };
}

export type SendPageOptions = {
  negotiated: Negotiated;
  /** 200 by default; 404 for the not-found page. */
  status?: number;
};

/**
 * Sends a page of the site: HTML with its own Content-Security-Policy, the language headers, an
 * ETag (304 when the browser holds the page already) and the body compressed here rather than by
 * @fastify/compress, which leaves a response that already has a content-encoding alone.
 *
 * `no-cache`: a browser may keep the page but asks again each time (a 304 costs no rendering), so
 * seats left and a changed programme show on the next visit.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PageBody,
  options: SendPageOptions,
): Promise<FastifyReply> {
  sendLanguageHeaders(reply, options.negotiated);
  return sendBody(request, reply, body, {
    status: options.status ?? 200,
    type: 'text/html; charset=utf-8',
  });
}

/** Sends a body with its policy, ETag (304 when unchanged) and compression. */
export async function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PageBody,
  options: { status: number; type: string },
): Promise<FastifyReply> {
  const { status } = options;
  reply.header('content-security-policy', body.policy);
  reply.header('cache-control', 'no-cache');
  reply.header('etag', body.etag);
  if (!reply.hasHeader('vary')) reply.header('vary', 'Accept-Encoding');
  reply.type(options.type);
  if (status === 200 && request.headers['if-none-match'] === body.etag) {
    return reply.code(304).send();
  }
  reply.code(status);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding || body.bytes.length < 1024) return reply.send(body.bytes);
  reply.header('content-encoding', encoding);
  return reply.send(await body.encoded(encoding));
}
