import type { ErrorCode, FieldError } from '@atelier/contract';

/** The one error type services throw; the error plugin maps `code` to a status and a document. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly meta?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

/** A 422 carrying one field message per entry (docs/product.md#validation). */
export class ValidationError extends AppError {
  constructor(readonly fields: FieldError[]) {
    super('validation', fields.map((f) => `${f.field}: ${f.detail}`).join('; '));
    this.name = 'ValidationError';
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (detail = 'You are not allowed to do that') =>
  new AppError('forbidden', detail);
export const unauthorized = (detail = 'Please sign in') => new AppError('unauthorized', detail);
