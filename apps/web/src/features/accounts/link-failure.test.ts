import { describe, expect, it } from 'vitest';
import { apiClient } from '../../lib/api-client';
import { refused } from '../../testing/error-replies';
import { type FakeReply, fakeApi } from '../../testing/fake-api';
import { failureReason, linkFailureReason } from './link-failure';

/** The ApiError a call answered with `reply` rejects with, as RTK Query hands it over. */
async function failureOf(reply: FakeReply) {
  const server = fakeApi({ 'GET /api/v1/link': reply });
  try {
    await apiClient.get('/api/v1/link');
    throw new Error('the call succeeded');
  } catch (error) {
    return error;
  } finally {
    server.restore();
  }
}

describe('linkFailureReason', () => {
  it("reads the refusal's meta.reason", async () => {
    expect(linkFailureReason(await failureOf(refused('gone', 'Used', 'used')))).toBe('used');
    expect(linkFailureReason(await failureOf(refused('gone', 'Expired', 'expired')))).toBe(
      'expired',
    );
  });

  it('falls back on the status when the answer has no reason', async () => {
    expect(linkFailureReason(await failureOf(refused('not_found', 'Unknown')))).toBe('invalid');
    expect(linkFailureReason(await failureOf(refused('gone', 'Gone')))).toBe('expired');
  });

  it('says nothing of other failures', async () => {
    expect(linkFailureReason(await failureOf(refused('conflict', 'Taken', 'email_taken')))).toBe(
      null,
    );
    expect(linkFailureReason(await failureOf({ timeout: true }))).toBeNull();
    expect(linkFailureReason(new Error('boom'))).toBeNull();
  });
});

describe('failureReason', () => {
  it('reads meta.reason of any refusal', async () => {
    expect(failureReason(await failureOf(refused('conflict', 'Taken', 'email_taken')))).toBe(
      'email_taken',
    );
    expect(failureReason(await failureOf(refused('conflict', 'Taken')))).toBeNull();
  });
});
