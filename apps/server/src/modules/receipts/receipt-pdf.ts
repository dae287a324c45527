import type { Language } from '@atelier/contract';
import { renderPdf } from '../../lib/pdf-document';
import type { Receipt } from './receipt-model';
import { DOCUMENT_STRINGS, dateIn, moneyIn, plainDateIn } from './receipt-strings';

/** A receipt as a PDF in the family's language (docs/product.md#receipts). */
export function receiptPdf(receipt: Receipt, language: Language): Promise<Buffer> {
  const t = DOCUMENT_STRINGS[language];
  const money = (cents: number) => moneyIn(t, receipt.currency, cents);
  const date = (at: Date) => dateIn(t, receipt.school.timeZone, at);
  const { school } = receipt;
  return renderPdf(
    { title: t.receiptTitle(receipt.orderId), language, author: school.name },
    (pdf) => {
      pdf.title(t.receiptTitle(receipt.orderId));
      pdf.text(school.name, { bold: true });
      for (const line of school.addressLines) pdf.text(line);
      if (school.taxId) pdf.text(t.taxId(school.taxId));
      pdf.space();
      pdf.text(t.order(receipt.orderId), { bold: true });
      pdf.text(t.ordered(date(receipt.orderedAt)));
      if (receipt.paidAt) pdf.text(t.paid(date(receipt.paidAt)));
      pdf.text(t.status[receipt.status]);

      pdf.heading(t.items);
      for (const item of receipt.items) {
        pdf.row({ label: `${item.programme} — ${item.schedule}`, value: money(item.subtotal) });
        pdf.text(t.dates(plainDateIn(t, item.startDate), plainDateIn(t, item.endDate)), {
          small: true,
        });
        if (item.attendees.length > 0) pdf.text(t.attendees(item.attendees), { small: true });
        pdf.space(0.3);
      }
      pdf.rule();
      pdf.row({ label: t.subtotal, value: money(receipt.subtotal) });
      for (const discount of receipt.discounts) {
        pdf.row({
          label: discount.code ? t.coupon(discount.code) : t.discount,
          value: `−${money(discount.amount)}`,
        });
      }
      pdf.row({ label: t.total, value: money(receipt.total), bold: true });

      pdf.heading(t.paymentTitle);
      if (receipt.payments.length === 0) pdf.text(t.nothingToPay);
      for (const payment of receipt.payments) {
        const label = payment.card
          ? t.card(payment.card.brand, payment.card.last4)
          : t.method[payment.method];
        pdf.row({ label, value: money(payment.amount) });
      }

      if (receipt.refunds.length > 0) {
        pdf.heading(t.refundsTitle);
        for (const refund of receipt.refunds) {
          pdf.row({
            label: t.refund(date(refund.at), t.method[refund.method]),
            value: `−${money(refund.amount)}`,
          });
        }
        pdf.rule();
        pdf.row({ label: t.netPaid, value: money(receipt.netPaid), bold: true });
      }
    },
  );
}
