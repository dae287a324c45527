import { describe, expect, it } from 'vitest';
import { finishOpenapiDocument, type OpenapiDocument, operationIdOf } from './openapi-document';

const document = (): OpenapiDocument => ({
  paths: {
    '/api/v1/posts/{id}': {
      get: { tags: ['gallery'], security: [{ bearer: [] }, {}], responses: { 200: {} } },
      delete: {
        tags: ['gallery'],
        security: [{ bearer: [] }],
        responses: { 204: { description: 'Deleted', content: { 'application/json': {} } } },
      },
    },
    '/api/v1/programmes': {
      get: {
        tags: ['catalogue (public)'],
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    locale: { type: 'string', enum: ['en', 'ja'], nullable: true },
                    role: { type: 'string', enum: ['admin'] },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

describe('operationIdOf', () => {
  it('names an operation by its method and path, path parameters as "By…"', () => {
    expect(operationIdOf('GET', '/api/v1/posts/{id}')).toBe('getV1PostsById');
    expect(operationIdOf('post', '/api/v2/admin/guest_customers')).toBe(
      'postV2AdminGuestCustomers',
    );
    expect(operationIdOf('get', '/api/v1/calendar/{token}.ics')).toBe('getV1CalendarByTokenIcs');
  });
});

describe('finishOpenapiDocument', () => {
  const finished = finishOpenapiDocument(document());
  const paths = finished.paths as Record<string, Record<string, Record<string, unknown>>>;
  const post = paths['/api/v1/posts/{id}'] ?? {};
  const programmes = paths['/api/v1/programmes']?.get ?? {};

  it('gives every operation an operationId', () => {
    expect(post.get?.operationId).toBe('getV1PostsById');
    expect(programmes.operationId).toBe('getV1Programmes');
  });

  it('marks an operation that declares no security as public, and keeps declared ones', () => {
    expect(programmes.security).toEqual([]);
    expect(post.get?.security).toEqual([{ bearer: [] }, {}]);
    expect(post.delete?.security).toEqual([{ bearer: [] }]);
  });

  it('documents a 204 without a body', () => {
    expect(post.delete?.responses).toEqual({ 204: { description: 'Deleted' } });
  });

  it('declares each tag the operations use, once, in the order first used', () => {
    expect(finished.tags).toEqual([{ name: 'gallery' }, { name: 'catalogue (public)' }]);
  });

  it('lets a nullable enum hold null, and leaves other enums alone', () => {
    expect(JSON.stringify(programmes.responses)).toContain(
      '"locale":{"type":"string","enum":["en","ja",null],"nullable":true}',
    );
    expect(JSON.stringify(programmes.responses)).toContain(
      '"role":{"type":"string","enum":["admin"]}',
    );
  });
});
