import { APP, expect, test } from '../fixtures';
import { freshEmail, nextMail } from '../mail';

// The public site (docs/product.md#public-site): the server's own HTML pages outside /app, the
// ones a family finds first. Every page a test opens here is also scanned by axe (fixtures.ts).

/** Where the public home page's menu and footer lead on this site (not /app, not elsewhere). */
async function sitePagesLinkedFromHome(page: import('@playwright/test').Page): Promise<string[]> {
  await page.goto('/?noredirect=1');
  const hrefs = await page
    .locator('header a[href], nav a[href], footer a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  const paths = hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && !url.pathname.startsWith(`${APP}`))
    .map((url) => `${url.pathname}${url.search}`);
  return [...new Set(paths)];
}

test('every link of the public menu and footer opens a page of the site, in HTML, without JavaScript', async ({
  page,
  browser,
}) => {
  const paths = await sitePagesLinkedFromHome(page);
  // The menu of the product: every programme page, the gallery, about, instructors, contact, and
  // the footer's terms and privacy policy.
  for (const expected of [
    '/classes/in-person/observational-drawing',
    '/classes/in-person/comics-drawing',
    '/classes/in-person/art-science',
    '/classes/in-person/summer-art-camp',
    '/classes/in-person/studio-hours',
    '/classes/in-person/open-house',
    '/classes/portfolio-support',
    '/classes/private-instruction',
    '/classes/in-person/figure-drawing',
    '/classes/online/drawing-lab',
    '/classes/special-events',
    '/student-gallery',
    '/about-atelier',
    '/our-instructors',
    '/contact-us',
    '/terms-of-use',
    '/privacy-policy',
  ]) {
    expect(paths).toContain(expected);
  }

  // Each one answers 200 HTML to a browser that runs no script, and shows its own heading.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    for (const path of paths) {
      const response = await plain.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['content-type'], path).toContain('text/html');
      await expect(plain.getByRole('heading', { level: 1 }), path).toBeVisible();
    }
  } finally {
    await noScript.close();
  }

  // And each is scanned by axe as a visitor sees it (the audit scans every page this one opened).
  for (const path of paths) await page.goto(path);
});

test('a class page leads into booking with its programme chosen', async ({ page }) => {
  await page.goto('/classes/in-person/observational-drawing');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Observational Drawing' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Observational Drawing/);

  await page.getByRole('link', { name: 'Book this class' }).first().click();
  await expect(page).toHaveURL(`${APP}/book_class?klass_group=observational-drawing`);
  // The booking page shows that one programme, with the way back to all classes.
  await expect(page.getByRole('heading', { name: 'Observational Drawing' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All classes' })).toBeVisible();
});

test('an unknown programme answers a real not-found page', async ({ page }) => {
  const response = await page.goto('/classes/in-person/no-such-class');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the site speaks Japanese to a Japanese browser and says where the English page is', async ({
  browser,
  a11yWatch,
}) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  try {
    const page = await context.newPage();
    a11yWatch(page);
    await page.goto('/contact-us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('the contact form mails the school and confirms to the sender', async ({ page, request }) => {
  const sender = freshEmail('contact');
  await page.goto('/contact-us');
  await page.getByLabel(/Your name/).fill('Hana Visitor');
  await page.getByLabel(/Your e-mail address/).fill(sender);
  await page.getByLabel(/^Message/).fill('Do you have a Saturday class for a seven-year-old?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();

  const toSchool = await nextMail(request, 'hello@atelier.test', 'contact_message');
  expect(toSchool.text).toContain('Do you have a Saturday class for a seven-year-old?');
  expect(toSchool.text).toContain(sender);
  const confirmation = await nextMail(request, sender, 'contact_received');
  expect(confirmation.to).toBe(sender);
});
