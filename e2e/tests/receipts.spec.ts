import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { APP, expect, signInAs, test } from '../fixtures';
import { addChild, apiToken, orderCard, placeOrder } from '../helpers';

// Receipts end to end (docs/product.md#receipts): a family opens a paid order's receipt in
// /orders, sees the school, the list price, subtotal and total and the card that paid, and saves
// the receipt as a PDF; beside its statement it saves the year's statement as a PDF too.

async function pdfOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

test('a family downloads a paid order’s receipt and the year’s statement as PDFs from /orders', async ({
  page,
  request,
}) => {
  const parent = await apiToken(request, 'parent');
  const child = `Rita Receipt ${Date.now()}`;
  await addChild(request, parent, child);
  const orderId = await placeOrder(
    request,
    parent,
    { slug: 'comics-drawing', schedule: 'Current term', attendee: child },
    true,
  );

  await signInAs(page, 'parent');
  await page.goto(`${APP}/orders`);
  const card = orderCard(page, orderId);
  await expect(card.getByTestId('order-subtotal')).toBeVisible();
  await card.getByRole('button', { name: 'Receipt' }).click();

  const receipt = page.getByRole('dialog', { name: `Receipt for order ${orderId}` });
  await expect(receipt.getByTestId('receipt-school')).toContainText('Atelier Art School');
  await expect(receipt).toContainText('Subtotal');
  await expect(receipt).toContainText('Total');
  await expect(receipt.getByTestId('receipt-payments')).toContainText('Visa ending in 4242');

  const [receiptPdf] = await Promise.all([
    page.waitForEvent('download'),
    receipt.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(receiptPdf.suggestedFilename()).toBe(`receipt-${orderId}.pdf`);
  expect((await pdfOf(receiptPdf)).subarray(0, 5).toString()).toBe('%PDF-');
  await receipt.getByRole('button', { name: 'Close' }).click();

  const statement = page.getByRole('region', { name: 'Balance and statement' });
  // This year as the browser reads it (New York): in the first hours of January in UTC, New York
  // is still in the year before.
  const year = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' }).format(
      new Date(),
    ),
  );
  const [statementPdf] = await Promise.all([
    page.waitForEvent('download'),
    statement.getByRole('button', { name: `Download the ${year} statement (PDF)` }).click(),
  ]);
  expect(statementPdf.suggestedFilename()).toBe(`statement-${year}.pdf`);
  expect((await pdfOf(statementPdf)).subarray(0, 5).toString()).toBe('%PDF-');
});
