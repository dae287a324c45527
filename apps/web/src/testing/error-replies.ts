import {
  type ErrorCode,
  errorDocument,
  type FieldError,
  validationDocument,
} from '@atelier/contract';
import type { FakeReply } from './fake-api';

/** Test-only: a 422 reply with docs/product.md#validation field messages. */
export function invalid(fields: Record<string, string>): FakeReply {
  const list: FieldError[] = Object.entries(fields).map(([field, detail]) => ({ field, detail }));
  return { status: 422, data: validationDocument(list) };
}

/** Test-only: an error reply with a code (status from the contract) and an optional meta.reason. */
export function refused(code: ErrorCode, detail: string, reason?: string): FakeReply {
  const document = errorDocument(code, detail, reason ? { reason } : undefined);
  return { status: Number(document.errors[0]?.status), data: document };
}
