import {
  AGREEMENT_MESSAGES,
  AGREEMENTS_API,
  accountAgreementListSchema,
  agreementDocumentSchema,
  agreementListSchema,
  agreementSignatureDocumentSchema,
  agreementSignatureListSchema,
  FAMILY_API,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { pdfCanWrite, pdfContents } from '../../testing/pdf-contents';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, type Person } from '../classes/classes-testing';
import { family } from '../gallery/gallery-testing';
import { agreementSignatures, agreementVersions } from './agreements.tables';
import { publishAgreement, publishVersion, sign, withdraw } from './agreements-testing';

type Fields = Record<string, string>;
const fieldMessages = (body: { errors: { detail: string; meta?: { field?: string } }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.meta?.field ?? '', e.detail])) as Fields;

describe('agreements API', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let kato: Person & { kids: number[] };
  let brown: Person & { kids: number[] };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    kato = await family(t, 'Kenji Kato', [{ name: 'Mia Kato' }, { name: 'Pia Kato' }]);
    brown = await family(t, 'Bob Brown', [{ name: 'Bea Brown' }]);
  }, 120_000);
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: Person,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who ? as(who) : {}, ...(payload ? { payload } : {}) });
  const accountAgreements = async (who: Person) =>
    accountAgreementListSchema.parse(
      (await call('GET', AGREEMENTS_API.accountAgreements, who)).json(),
    ).data;

  it('lets only admins list, create, publish and read signatures', async () => {
    const body = {
      title: 'Studio rules',
      kind: 'policy',
      required_before_booking: false,
      per_child: false,
    };
    expect((await call('POST', AGREEMENTS_API.adminAgreements, undefined, body)).statusCode).toBe(
      401,
    );
    expect((await call('POST', AGREEMENTS_API.adminAgreements, kato, body)).statusCode).toBe(403);
    expect((await call('POST', AGREEMENTS_API.adminAgreements, c.teacher, body)).statusCode).toBe(
      403,
    );
    expect((await call('GET', AGREEMENTS_API.adminAgreements, kato)).statusCode).toBe(403);
    const created = await call('POST', AGREEMENTS_API.adminAgreements, c.admin, body);
    expect(created.statusCode).toBe(201);
    const id = agreementDocumentSchema.parse(created.json()).data.id;
    expect(
      (await call('POST', AGREEMENTS_API.adminAgreementVersions(id), kato, { body: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', AGREEMENTS_API.adminAgreementSignatures(id), kato)).statusCode).toBe(
      403,
    );
    expect((await call('GET', AGREEMENTS_API.adminAgreement(id), c.teacher)).statusCode).toBe(403);
    expect((await call('GET', AGREEMENTS_API.adminAgreements)).statusCode).toBe(401);
    expect((await call('GET', AGREEMENTS_API.signature(1))).statusCode).toBe(401);
    expect((await call('POST', AGREEMENTS_API.signatures, undefined, {})).statusCode).toBe(401);
    expect(
      (await call('GET', AGREEMENTS_API.adminAgreementSignaturesCsv(id), kato)).statusCode,
    ).toBe(403);
    const list = agreementListSchema.parse(
      (await call('GET', AGREEMENTS_API.adminAgreements, c.admin)).json(),
    );
    expect(list.data.find((a) => a.id === id)).toMatchObject({
      title: 'Studio rules',
      current_version: null,
    });
  });

  it('answers 422 with field messages for a bad agreement or version', async () => {
    const bad = await call('POST', AGREEMENTS_API.adminAgreements, c.admin, {
      title: ' ',
      kind: 'contract',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(fieldMessages(bad.json())).sort()).toEqual([
      'kind',
      'per_child',
      'required_before_booking',
      'title',
    ]);
    const { agreementId } = await publishAgreement(t, c.admin, { title: 'Blank', kind: 'policy' });
    const empty = await call('POST', AGREEMENTS_API.adminAgreementVersions(agreementId), c.admin, {
      body: '',
    });
    expect(empty.statusCode).toBe(422);
    expect(fieldMessages(empty.json()).body).toBeDefined();
    expect(
      (await call('POST', AGREEMENTS_API.adminAgreementVersions(999_999), c.admin, { body: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps a published version unchanged: a new text is a new version, the old one stays', async () => {
    const { agreementId, versionId } = await publishAgreement(t, c.admin, {
      title: 'Waiver A',
      kind: 'waiver',
      body: 'First text.',
    });
    const second = await publishVersion(t, c.admin, agreementId, 'Second text.');
    const doc = agreementDocumentSchema.parse(
      (await call('GET', AGREEMENTS_API.adminAgreement(agreementId), c.admin)).json(),
    );
    expect(doc.data.current_version).toMatchObject({
      id: second,
      version: 2,
      body: 'Second text.',
    });
    expect(doc.data.versions.map((v) => [v.id, v.version, v.body])).toEqual([
      [second, 2, 'Second text.'],
      [versionId, 1, 'First text.'],
    ]);
    // The database refuses a second version 1 of the same agreement.
    await expect(
      t.database.db
        .insert(agreementVersions)
        .values({ agreementId: Number(agreementId), version: 1, body: 'Sneaky.' }),
    ).rejects.toThrow();
  });

  it('signs a per-child agreement only for one of the family’s own children, and only the current version', async () => {
    const release = await publishAgreement(t, c.admin, {
      title: 'Photo release',
      kind: 'media_release',
      per_child: true,
    });
    const [mia] = kato.kids as [number];
    const noChild = await sign(t, kato, release.versionId);
    expect(noChild.statusCode).toBe(422);
    expect(fieldMessages(noChild.json()).attendee_profile_id).toBe(
      AGREEMENT_MESSAGES.childRequired,
    );
    const otherChild = await sign(t, kato, release.versionId, brown.kids[0]);
    expect(fieldMessages(otherChild.json()).attendee_profile_id).toBe(
      AGREEMENT_MESSAGES.notYourChild,
    );
    const unticked = await call('POST', AGREEMENTS_API.signatures, kato, {
      agreement_version_id: release.versionId,
      attendee_profile_id: String(mia),
      signer_name: 'Kenji Kato',
      agreed: false,
    });
    expect(fieldMessages(unticked.json()).agreed).toBe(AGREEMENT_MESSAGES.mustAgree);
    const noName = await call('POST', AGREEMENTS_API.signatures, kato, {
      agreement_version_id: release.versionId,
      attendee_profile_id: String(mia),
      signer_name: '  ',
      agreed: true,
    });
    expect(fieldMessages(noName.json()).signer_name).toBeDefined();
    expect((await sign(t, c.admin, release.versionId, mia)).statusCode).toBe(422);

    const signed = await sign(t, kato, release.versionId, mia);
    expect(signed.statusCode).toBe(201);
    const signature = agreementSignatureDocumentSchema.parse(signed.json()).data;
    expect(signature).toMatchObject({
      version: 1,
      attendee_name: 'Mia Kato',
      family_name: 'Kenji Kato',
      signer_name: 'Kenji Kato',
      current: true,
      withdrawn_at: null,
    });
    expect(signature.ip).not.toBe('');
    // Signing again answers the same signature.
    const again = await sign(t, kato, release.versionId, mia);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(signature.id);

    await publishVersion(t, c.admin, release.agreementId, 'Photo release, second edition.');
    const old = await sign(t, kato, release.versionId, kato.kids[1]);
    expect(fieldMessages(old.json()).agreement_version_id).toBe(
      AGREEMENT_MESSAGES.notCurrentVersion,
    );
  });

  it('signs a per-family agreement without a child', async () => {
    const rules = await publishAgreement(t, c.admin, { title: 'House rules', kind: 'policy' });
    const withChild = await sign(t, kato, rules.versionId, kato.kids[0]);
    expect(fieldMessages(withChild.json()).attendee_profile_id).toBe(
      AGREEMENT_MESSAGES.childNotExpected,
    );
    expect((await sign(t, kato, rules.versionId)).statusCode).toBe(201);
    expect((await sign(t, brown, rules.versionId)).statusCode).toBe(201);
    expect((await sign(t, kato, '999999')).statusCode).toBe(422);
  });

  it('lists what a family signed and what is due, per child, and asks again for a new version', async () => {
    const smith = await family(t, 'Sam Smith', [{ name: 'Ada Smith' }, { name: 'Bo Smith' }]);
    const waiver = await publishAgreement(t, c.admin, { title: 'Risk waiver', kind: 'waiver' });
    const release = await publishAgreement(t, c.admin, {
      title: 'Smith release',
      kind: 'media_release',
      per_child: true,
    });
    const [ada] = smith.kids as [number, number];
    await sign(t, smith, waiver.versionId, undefined, 'Sam Smith');
    await sign(t, smith, release.versionId, ada, 'Sam Smith');
    const rows = (await accountAgreements(smith)).filter((r) =>
      [waiver.agreementId, release.agreementId].includes(r.agreement_id),
    );
    const status = rows.map((r) => [r.title, r.attendee_name, r.due, r.signature?.version ?? null]);
    expect(status).toEqual(
      expect.arrayContaining([
        ['Risk waiver', null, false, 1],
        ['Smith release', 'Ada Smith', false, 1],
        ['Smith release', 'Bo Smith', true, null],
      ]),
    );
    expect(rows).toHaveLength(3);

    await publishVersion(t, c.admin, waiver.agreementId, 'Risk waiver, revised.');
    const after = (await accountAgreements(smith)).find(
      (r) => r.agreement_id === waiver.agreementId,
    );
    expect(after).toMatchObject({
      due: true,
      signature: { version: 1 },
      current_version: { version: 2 },
    });
    expect((await call('GET', AGREEMENTS_API.accountAgreements)).statusCode).toBe(401);
  });

  it('shows staff every signature per child, as JSON and CSV', async () => {
    const release = await publishAgreement(t, c.admin, {
      title: 'Staff view release',
      kind: 'media_release',
      per_child: true,
    });
    await sign(t, kato, release.versionId, kato.kids[0], '=HYPERLINK("x")');
    await sign(t, brown, release.versionId, brown.kids[0], 'Bob Brown');
    const list = agreementSignatureListSchema.parse(
      (
        await call('GET', AGREEMENTS_API.adminAgreementSignatures(release.agreementId), c.admin)
      ).json(),
    );
    expect(list.data.map((s) => s.attendee_name).sort()).toEqual(['Bea Brown', 'Mia Kato']);
    const csv = await call(
      'GET',
      AGREEMENTS_API.adminAgreementSignaturesCsv(release.agreementId),
      c.admin,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'signature_id,version,family,child,signer_name,signed_at,ip,withdrawn_at,current,method,recorded_by',
    );
    expect(lines).toHaveLength(3);
    // Signed online by the family: no one recorded it.
    expect(lines.slice(1).every((line) => line.endsWith(',online,'))).toBe(true);
    // A typed name that looks like a formula is written as text.
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('withdraws a media release (the family’s own only), keeping the record', async () => {
    const release = await publishAgreement(t, c.admin, {
      title: 'Withdrawable release',
      kind: 'media_release',
      per_child: true,
    });
    const id = (await sign(t, kato, release.versionId, kato.kids[0])).json().data.id as string;
    expect((await withdraw(t, brown, id)).statusCode).toBe(404);
    expect((await withdraw(t, c.admin, id)).statusCode).toBe(404);
    const res = await withdraw(t, kato, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ current: false });
    expect(res.json().data.withdrawn_at).not.toBeNull();
    const [row] = await t.database.db
      .select()
      .from(agreementSignatures)
      .where(eq(agreementSignatures.id, Number(id)));
    expect(row?.withdrawnAt).toBeInstanceOf(Date);
    // The child's release is due again, and may be signed anew.
    const due = (await accountAgreements(kato)).find(
      (r) =>
        r.agreement_id === release.agreementId && r.attendee_profile_id === String(kato.kids[0]),
    );
    expect(due).toMatchObject({ due: true, signature: null });
    expect((await sign(t, kato, release.versionId, kato.kids[0])).statusCode).toBe(201);

    const waiver = await publishAgreement(t, c.admin, {
      title: 'Not withdrawable',
      kind: 'waiver',
    });
    const waiverSignature = (await sign(t, kato, waiver.versionId)).json().data.id as string;
    expect((await withdraw(t, kato, waiverSignature)).statusCode).toBe(422);
  });

  it('prints a signed copy as JSON and PDF for the family and admins, 404 for others', async () => {
    const policy = await publishAgreement(t, c.admin, {
      title: 'Printable policy',
      kind: 'policy',
      body: 'We draw from life.\n\nWe clean our brushes.',
    });
    const id = (await sign(t, kato, policy.versionId, undefined, '加藤 健二')).json().data.id;
    expect((await call('GET', AGREEMENTS_API.signature(id), brown)).statusCode).toBe(404);
    expect((await call('GET', AGREEMENTS_API.signaturePdf(id), brown)).statusCode).toBe(404);
    const copy = agreementSignatureDocumentSchema.parse(
      (await call('GET', AGREEMENTS_API.signature(id), c.admin)).json(),
    );
    expect(copy.data.body).toBe('We draw from life.\n\nWe clean our brushes.');
    const pdf = await call('GET', AGREEMENTS_API.signaturePdf(id), kato);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfContents(bytes).raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);
    expect(pdfCanWrite(bytes, '加藤 健二')).toBe(true);
    expect(pdfCanWrite(bytes, 'We clean our brushes.')).toBe(true);
  });

  it('refuses sharing a child’s work beyond the family until the current media release is signed', async () => {
    // A family of its own and a release of its own: the module's other tests publish releases too.
    const lee = await family(t, 'Lin Lee', [{ name: 'Max Lee' }]);
    const [max] = lee.kids as [number];
    const release = await publishAgreement(t, c.admin, {
      title: 'Lee test release',
      kind: 'media_release',
      per_child: true,
    });
    const share = (visibility: string) =>
      call('PUT', FAMILY_API.attendeeProfile(lee.id, max), lee, {
        attendee_profile: { gallery_visibility: visibility },
      });
    const refused = await share('public');
    expect(refused.statusCode).toBe(422);
    expect(fieldMessages(refused.json()).gallery_visibility).toContain('media release');
    expect((await share('family')).statusCode).toBe(200);
    // Every published media release must be signed: sign them all for Max.
    const all = (await accountAgreements(lee)).filter(
      (r) => r.kind === 'media_release' && r.attendee_profile_id === String(max),
    );
    for (const row of all) await sign(t, lee, row.current_version.id, max, 'Lin Lee');
    expect((await share('classmates')).statusCode).toBe(200);
    // A new version is due, and sharing asks for it only when the choice changes.
    await publishVersion(t, c.admin, release.agreementId, 'Second edition.');
    expect((await share('classmates')).statusCode).toBe(200);
    expect((await share('public')).statusCode).toBe(422);
  });

  it('retires an agreement (admins only): it asks nothing any more, its signatures stay', async () => {
    const ono = await family(t, 'Oto Ono', [{ name: 'Rin Ono', visibility: 'public' }]);
    const [rin] = ono.kids as [number];
    const release = await publishAgreement(t, c.admin, {
      title: 'Retired release',
      kind: 'media_release',
      per_child: true,
    });
    const signed = (await sign(t, ono, release.versionId, rin, 'Oto Ono')).json().data.id as string;
    expect(
      (await call('DELETE', AGREEMENTS_API.adminAgreement(release.agreementId), ono)).statusCode,
    ).toBe(403);
    const retired = await call(
      'DELETE',
      AGREEMENTS_API.adminAgreement(release.agreementId),
      c.admin,
    );
    expect(retired.statusCode).toBe(200);
    expect(agreementDocumentSchema.parse(retired.json()).data.retired_at).not.toBeNull();
    expect((await accountAgreements(ono)).some((r) => r.agreement_id === release.agreementId)).toBe(
      false,
    );
    expect(
      fieldMessages((await sign(t, ono, release.versionId, rin)).json()).agreement_version_id,
    ).toBe(AGREEMENT_MESSAGES.retired);
    expect((await call('GET', AGREEMENTS_API.signature(signed), c.admin)).statusCode).toBe(200);
    expect((await call('DELETE', AGREEMENTS_API.adminAgreement(999_999), c.admin)).statusCode).toBe(
      404,
    );
  });
});
