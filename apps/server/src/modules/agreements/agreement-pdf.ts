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
  },
} as const;

const utc = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(iso));

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
    pdf.text(t.signedBy(signature.signer_name), { bold: true });
    pdf.text(t.family(signature.family_name));
    if (signature.attendee_name) pdf.text(t.child(signature.attendee_name));
    pdf.text(t.signedAt(utc(t.locale, signature.signed_at)));
    pdf.text(t.ip(signature.ip));
    pdf.text(t.agreed, { small: true });
    if (signature.withdrawn_at) pdf.text(t.withdrawn(utc(t.locale, signature.withdrawn_at)));
  });
}
