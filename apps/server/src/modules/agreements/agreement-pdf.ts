import type { AgreementSignature, Language } from '@atelier/contract';
import { renderPdf } from '../../lib/pdf-document';

// A signed copy of an agreement as a PDF (docs/product.md#agreements), drawn like a receipt
// (lib/pdf-document.ts, Noto Sans JP embedded so Japanese names and text render).

const STRINGS = {
  en: {
    locale: 'en-US',
    version: (n: number) => `Version ${n}`,
    signedBy: (name: string) => `Signed by: ${name}`,
    family: (name: string) => `Family: ${name}`,
    child: (name: string) => `For: ${name}`,
    signedAt: (at: string) => `Signed at: ${at} (UTC)`,
    ip: (ip: string) => `From IP address: ${ip}`,
    agreed: 'Agreed by ticking "I agree" and typing the full name above.',
    withdrawn: (at: string) => `Withdrawn at: ${at} (UTC)`,
    onPaper: (staff: string | null) =>
      `Signed on a paper copy at the school; recorded by ${staff ?? 'a member of staff'}.`,
    recordedAt: (at: string) => `Recorded at: ${at} (UTC)`,
    recordedIp: (ip: string) => `Recorded from IP address: ${ip}`,
  },
  ja: {
    locale: 'ja-JP',
    version: (n: number) => `第${n}版`,
    signedBy: (name: string) => `署名者：${name}`,
    family: (name: string) => `ご家族：${name}`,
    child: (name: string) => `対象：${name}`,
    signedAt: (at: string) => `署名日時：${at}（UTC）`,
    ip: (ip: string) => `IPアドレス：${ip}`,
    agreed: '「同意する」にチェックを入れ、上記の氏名を入力して同意されました。',
    withdrawn: (at: string) => `撤回日時：${at}（UTC）`,
    onPaper: (staff: string | null) =>
      `学校で紙の書面に署名され、${staff ?? '学校のスタッフ'}が記録しました。`,
    recordedAt: (at: string) => `記録日時：${at}（UTC）`,
    recordedIp: (ip: string) => `記録元IPアドレス：${ip}`,
  },
} as const;

const utc = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(iso));

/**
 * What the copy says under the text: who signed, for whom, when and from where, and how. A paper
 * signature says it was signed on paper and who recorded it, when and from where (the desk's IP),
 * not that anyone ticked "I agree" online.
 */
export function signatureLines(
  signature: AgreementSignature,
  language: Language,
): { text: string; bold?: true; small?: true }[] {
  const t = language === 'ja' ? STRINGS.ja : STRINGS.en;
  const at = (iso: string) => utc(t.locale, iso);
  const paper = signature.method === 'paper';
  return [
    { text: t.signedBy(signature.signer_name), bold: true },
    { text: t.family(signature.family_name) },
    ...(signature.attendee_name ? [{ text: t.child(signature.attendee_name) }] : []),
    { text: (paper ? t.recordedAt : t.signedAt)(at(signature.signed_at)) },
    { text: (paper ? t.recordedIp : t.ip)(signature.ip) },
    { text: paper ? t.onPaper(signature.recorded_by) : t.agreed, small: true },
    ...(signature.withdrawn_at ? [{ text: t.withdrawn(at(signature.withdrawn_at)) }] : []),
  ];
}

/** The signed copy: the exact text of the version signed, then who signed it, when and from where. */
export function signaturePdf(
  signature: AgreementSignature,
  language: Language,
  schoolName: string,
): Promise<Buffer> {
  const t = language === 'ja' ? STRINGS.ja : STRINGS.en;
  return renderPdf({ title: signature.agreement_title, language, author: schoolName }, (pdf) => {
    pdf.title(signature.agreement_title);
    pdf.text(t.version(signature.version), { small: true });
    pdf.space();
    for (const paragraph of signature.body.split(/\n{2,}/)) {
      pdf.text(paragraph);
      pdf.space(0.3);
    }
    pdf.rule();
    for (const { text, ...style } of signatureLines(signature, language)) pdf.text(text, style);
  });
}
