import {
  type ErrorCode,
  errorDocument,
  errorStatus,
  type FieldError,
  validationDocument,
} from '@atelier/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ValidationError } from '../lib/app-error';

/**
 * `/auth/email` → `email`: bodies wrap their fields in one resource key ({auth}, {user}), and the
 * form that shows the message knows the field by its own name. Deeper paths keep their tail.
 */
export function fieldName(instancePath: string, context: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (context === 'body' && parts.length > 1) parts.shift();
  return parts.join('.') || 'base';
}

const statusToCode = new Map<number, ErrorCode>(
  Object.entries(errorStatus).map(([code, status]) => [status, code as ErrorCode]),
);

/** One error handler for the whole app: JSON:API error documents, never a stack trace. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
      if (error instanceof ValidationError) {
        return reply.code(422).send(validationDocument(error.fields));
      }
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply
          .code(errorStatus[error.code])
          .send(errorDocument(error.code, error.detail, error.meta));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: FieldError[] = error.validation.map((v) => ({
          field: fieldName(v.instancePath, error.validationContext),
          detail: v.message ?? 'Invalid input',
        }));
        return reply.code(422).send(validationDocument(fields));
      }
      const status =
        'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send(errorDocument('internal', 'Something went wrong on our side'));
      }
      // Fastify's own 4xx (malformed JSON, body too large, unsupported media type): keep the status
      // when the contract has a code for it (else 400, so the document and the response agree), and
      // answer in our format with its message, which names no internals.
      const code = statusToCode.get(status) ?? 'bad_request';
      return reply.code(errorStatus[code]).send(errorDocument(code, error.message));
    });
  },
  { name: 'errors' },
);
