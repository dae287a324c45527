import {
  type ErrorCode,
  errorDocument,
  type FieldError,
  validationDocument,
} from '@atelier/contract';
import { type CableConsumer, closeCable, setCableConsumerFactory } from '../../lib/cable';
import type { FakeReply } from '../../testing/fake-api';

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

/** Test-only: live connections that open nothing; returns the URLs they were opened with. */
export function fakeCables(): string[] {
  const urls: string[] = [];
  setCableConsumerFactory((url): CableConsumer => {
    urls.push(url());
    return {
      subscriptions: { create: () => ({ unsubscribe: () => undefined }) },
      disconnect: () => undefined,
    };
  });
  return urls;
}

/** Test-only: closes what `fakeCables` opened and puts the official consumer back. */
export function restoreCables(): void {
  closeCable();
  setCableConsumerFactory(null);
}
