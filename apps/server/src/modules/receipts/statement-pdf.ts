import type { Language } from '@atelier/contract';
import type { SchoolFacts } from '../../config';
import { renderPdf } from '../../lib/pdf-document';
import type { LedgerLine } from '../ledger';
import { DOCUMENT_STRINGS, dateIn, moneyIn } from './receipt-strings';
import type { ChildTotal } from './statement-model';

export type Statement = {
  school: SchoolFacts;
  year: number;
  familyName: string;
  currency: string;
  lines: LedgerLine[];
  opening: number;
  closing: number;
  perChild: ChildTotal[];
  issuedAt: Date;
};

/** A family's yearly statement as a PDF in its language (docs/product.md#receipts). */
export function statementPdf(statement: Statement, language: Language): Promise<Buffer> {
  const t = DOCUMENT_STRINGS[language];
  const money = (cents: number) => moneyIn(t, statement.currency, cents);
  const date = (at: Date) => dateIn(t, statement.school.timeZone, at);
  const { school } = statement;
  return renderPdf(
    { title: t.statementTitle(statement.year), language, author: school.name },
    (pdf) => {
      pdf.title(t.statementTitle(statement.year));
      pdf.text(school.name, { bold: true });
      for (const line of school.addressLines) pdf.text(line);
      if (school.taxId) pdf.text(t.taxId(school.taxId));
      pdf.space();
      pdf.text(t.statementFor(statement.familyName), { bold: true });
      pdf.text(t.generated(date(statement.issuedAt)), { small: true });

      pdf.heading(t.entriesTitle);
      pdf.row({ label: t.openingBalance, value: money(statement.opening) });
      if (statement.lines.length === 0) pdf.text(t.noEntries);
      for (const line of statement.lines) {
        const what = [
          t.kind[line.kind],
          line.method ? t.method[line.method] : null,
          line.description,
        ]
          .filter((part) => part)
          .join(' · ');
        const order = line.orderId === null ? '' : ` — ${t.order(line.orderId)}`;
        pdf.row({ label: `${date(line.at)}  ${what}${order}`, value: money(line.amount) });
      }
      pdf.rule();
      pdf.row({ label: t.closingBalance, value: money(statement.closing), bold: true });
      pdf.text(t.balanceNote, { small: true });

      pdf.heading(t.perChildTitle);
      if (statement.perChild.length === 0) pdf.text(t.noChildren);
      for (const child of statement.perChild) {
        pdf.row({ label: child.name, value: money(child.amount) });
      }
    },
  );
}
