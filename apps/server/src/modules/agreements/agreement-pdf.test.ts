import type { AgreementSignature } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { signatureLines } from './agreement-pdf';

const signature = (extra: Partial<AgreementSignature>): AgreementSignature => ({
  id: '1',
  agreement_id: '2',
  agreement_title: 'Studio waiver',
  agreement_kind: 'waiver',
  agreement_version_id: '3',
  version: 1,
  body: 'We clean our brushes.',
  family_user_id: '4',
  guest_customer_id: null,
  family_name: 'Kenji Kato',
  attendee_profile_id: '5',
  attendee_name: 'Mia Kato',
  signer_name: 'Kenji Kato',
  method: 'online',
  recorded_by: null,
  ip: '203.0.113.7',
  signed_at: '2026-11-01T10:00:00.000Z',
  withdrawn_at: null,
  current: true,
  ...extra,
});

const texts = (s: AgreementSignature, language: 'en' | 'ja' = 'en') =>
  signatureLines(s, language).map((line) => line.text);

describe('a signed copy’s lines', () => {
  it('says an online signature was typed and ticked, when and from where', () => {
    expect(texts(signature({}))).toEqual([
      'Signed by: Kenji Kato',
      'Family: Kenji Kato',
      'For: Mia Kato',
      'Signed at: Nov 1, 2026, 10:00:00 AM (UTC)',
      'From IP address: 203.0.113.7',
      'Agreed by ticking "I agree" and typing the full name above.',
    ]);
  });

  it('says a paper signature was signed on paper and recorded by staff, not ticked online', () => {
    const paper = signature({
      family_user_id: null,
      guest_customer_id: '6',
      family_name: 'Pat Paper',
      signer_name: 'Pat Paper',
      method: 'paper',
      recorded_by: 'Ada Admin',
    });
    expect(texts(paper)).toEqual([
      'Signed by: Pat Paper',
      'Family: Pat Paper',
      'For: Mia Kato',
      'Recorded at: Nov 1, 2026, 10:00:00 AM (UTC)',
      'Recorded from IP address: 203.0.113.7',
      'Signed on a paper copy at the school; recorded by Ada Admin.',
    ]);
    expect(texts(paper, 'ja').at(-1)).toBe('学校で紙の書面に署名され、Ada Adminが記録しました。');
    expect(texts({ ...paper, recorded_by: null }).at(-1)).toBe(
      'Signed on a paper copy at the school; recorded by a member of staff.',
    );
  });
});
