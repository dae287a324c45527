import type { FlatCatalogueKlassGroup } from '@atelier/contract';
import { cheapestPlan, planPrice, shortDescription } from './class-page';
import { html } from './html';
import type { PageInput, SiteContext } from './layout';
import { classPagePath, SITE_PATHS } from './site-menu';
import { type Lang, siteStrings } from './site-strings';

/** The public home page: who the school is, and every published programme with a way in. */
export function homePageInput(
  programmes: FlatCatalogueKlassGroup[],
  site: SiteContext,
  lang: Lang,
): PageInput {
  const t = siteStrings(lang);
  const c = t.classPage;
  const cards = programmes.map((p) => {
    const cheapest = cheapestPlan(p);
    return html`<li class="card"><h3><a href="${classPagePath(p.slug)}">${p.name}</a></h3><p>${shortDescription(p.description)}</p><p class="note">${c.audiences[p.audience] ?? p.audience} · ${c.agesRange(p.min_age, p.max_age)} · ${p.format === 'online' ? c.online : c.inPerson}${
      cheapest ? html` · ${c.priceFromValue(planPrice(cheapest, site.currency, t))}` : ''
    }</p></li>`;
  });
  return {
    site,
    lang,
    path: '/',
    title: t.home.title(site.schoolName),
    description: t.home.description(site.schoolName),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'EducationalOrganization',
        name: site.schoolName,
        url: site.origin,
        email: site.contactEmail,
        sameAs: [site.social.instagram, site.social.facebook, site.social.youtube],
      },
    ],
    main: html`<div class="hero"><div class="wrap"><h1>${t.home.heading(site.schoolName)}</h1><p class="lead">${t.home.lead}</p><p class="cta"><a class="btn btn-primary btn-large" href="/app/book_class">${t.home.bookCta}</a></p></div></div><div class="wrap"><h2>${t.home.classesHeading}</h2>${
      programmes.length > 0
        ? html`<ul class="cards">${cards}</ul>`
        : html`<p>${t.home.noClasses}</p>`
    }<p><a href="${SITE_PATHS.about}">${t.menu.aboutAtelier}</a></p></div>`,
  };
}
