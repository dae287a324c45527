import { describe, expect, it } from 'vitest';
import { AGREEMENT_MESSAGES } from './agreements.constants';
import { createAgreementBodySchema, signAgreementBodySchema } from './agreements.schemas';

describe('agreement schemas', () => {
  it('signs only with "I agree" ticked and a typed name; the child is optional', () => {
    const ok = signAgreementBodySchema.parse({
      agreement_version_id: '3',
      signer_name: '  Kenji Kato ',
      agreed: true,
    });
    expect(ok).toEqual({ agreement_version_id: 3, signer_name: 'Kenji Kato', agreed: true });
    const refused = signAgreementBodySchema.safeParse({
      agreement_version_id: '3',
      attendee_profile_id: '7',
      signer_name: ' ',
      agreed: false,
    });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(
      (refused.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages.agreed).toBe(AGREEMENT_MESSAGES.mustAgree);
    expect(messages.signer_name).toBeDefined();
  });

  it('takes one of the three kinds and a translatable title', () => {
    const body = {
      title: 'Media release',
      translations: { ja: { title: '写真・作品掲載の同意' } },
      kind: 'media_release',
      required_before_booking: false,
      per_child: true,
    };
    expect(createAgreementBodySchema.parse(body).kind).toBe('media_release');
    expect(createAgreementBodySchema.safeParse({ ...body, kind: 'contract' }).success).toBe(false);
  });
});
