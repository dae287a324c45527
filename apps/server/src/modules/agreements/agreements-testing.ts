import { AGREEMENTS_API, type AgreementKind } from '@atelier/contract';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { as, type Person } from '../classes/classes-testing';

// Builders for tests that need agreements: an admin publishes one, a family signs it.

export type PublishedAgreement = { agreementId: string; versionId: string };

/** An agreement with its first version, published through the admin API. */
export async function publishAgreement(
  t: TestApp,
  admin: Person,
  fields: {
    title: string;
    kind: AgreementKind;
    per_child?: boolean;
    required_before_booking?: boolean;
    body?: string;
  },
): Promise<PublishedAgreement> {
  const created = await t.app.inject({
    method: 'POST',
    url: AGREEMENTS_API.adminAgreements,
    headers: as(admin),
    payload: {
      title: fields.title,
      kind: fields.kind,
      per_child: fields.per_child ?? false,
      required_before_booking: fields.required_before_booking ?? false,
    },
  });
  if (created.statusCode !== 201) throw new Error(`agreement: ${created.body}`);
  const agreementId: string = created.json().data.id;
  const versionId = await publishVersion(t, admin, agreementId, fields.body ?? `${fields.title}.`);
  return { agreementId, versionId };
}

/** Publishes the next version; its id. */
export async function publishVersion(
  t: TestApp,
  admin: Person,
  agreementId: string,
  body: string,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: AGREEMENTS_API.adminAgreementVersions(agreementId),
    headers: as(admin),
    payload: { body },
  });
  if (res.statusCode !== 201) throw new Error(`version: ${res.body}`);
  return res.json().data.id;
}

/** The family signs a version (for a child when given); the raw response. */
export function sign(
  t: TestApp,
  who: Person,
  versionId: string,
  attendeeId?: number,
  signerName = 'Kenji Kato',
) {
  return t.app.inject({
    method: 'POST',
    url: AGREEMENTS_API.signatures,
    headers: as(who),
    payload: {
      agreement_version_id: versionId,
      ...(attendeeId !== undefined ? { attendee_profile_id: String(attendeeId) } : {}),
      signer_name: signerName,
      agreed: true,
    },
  });
}

/** The family withdraws a signature; the raw response. */
export function withdraw(t: TestApp, who: Person, signatureId: string) {
  return t.app.inject({
    method: 'DELETE',
    url: AGREEMENTS_API.signature(signatureId),
    headers: as(who),
  });
}
