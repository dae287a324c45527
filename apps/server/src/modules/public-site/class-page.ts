import type { FlatCatalogueKlassGroup, FlatPublicSchedule } from '@atelier/contract';
import { DateTime } from 'luxon';
import { html, type SafeHtml } from './html';
import { type PageInput, pageUrl, type SiteContext } from './layout';
import { SITE_PATHS } from './site-menu';
import { type Lang, type SiteStrings, siteStrings } from './site-strings';

// A programme's public page (docs/product.md#public-site): what it is, for whom, where, when, who
// teaches it, what it costs from, how many seats are left, and the way into booking. Times are the
// schedule's own zone (a family books a place in the school's town, whatever its own clock).

type Plan = FlatPublicSchedule['klass_group_schedule_plans'][number]['plan'];

/** How many upcoming sessions a schedule lists (and gives as schema.org Events). */
const NEXT_KLASSES = 3;

function money(cents: number, currency: string, t: SiteStrings): string {
  return new Intl.NumberFormat(t.locale, { style: 'currency', currency }).format(cents / 100);
}

/** A plan's price in words: "$38.00 per class", "$25.00 + $360.00 per term". */
export function planPrice(plan: Plan, currency: string, t: SiteStrings): string {
  const c = t.classPage;
  if (plan.base_price === 0 && plan.unit_price === 0) return c.free;
  return c.planPrice(
    money(plan.unit_price, currency, t),
    c.per[plan.unit_type] ?? plan.unit_type,
    plan.base_price > 0 ? money(plan.base_price, currency, t) : null,
  );
}

/** The cheapest way in: the plan with the lowest base + one unit, over every schedule. */
export function cheapestPlan(programme: FlatCatalogueKlassGroup): Plan | null {
  let best: Plan | null = null;
  for (const schedule of programme.klass_group_schedules) {
    for (const { plan } of schedule.klass_group_schedule_plans) {
      if (!best || plan.base_price + plan.unit_price < best.base_price + best.unit_price) {
        best = plan;
      }
    }
  }
  return best;
}

/** `YYYY-MM-DD` (a local date) shown as a date, without any zone shifting it. */
function localDate(date: string, t: SiteStrings): string {
  return new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** `HH:MM` (a local time) in the language's way ("4:00 PM", "16:00"). */
function localTime(time: string, t: SiteStrings): string {
  return new Intl.DateTimeFormat(t.locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`1970-01-01T${time}:00Z`));
}

/** ISO weekday (1 = Monday) by name. */
function weekdayName(weekday: number, t: SiteStrings): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(t.locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

function zoneName(zone: string, t: SiteStrings): string {
  try {
    const parts = new Intl.DateTimeFormat(t.locale, {
      timeZone: zone,
      timeZoneName: 'longGeneric',
    }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

function klassTime(startsAt: string, zone: string, t: SiteStrings): string {
  return new Intl.DateTimeFormat(t.locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  }).format(new Date(startsAt));
}

function upcomingKlasses(schedule: FlatPublicSchedule) {
  return schedule.klasses.filter((k) => k.status === 'scheduled').slice(0, NEXT_KLASSES);
}

function scheduleCard(schedule: FlatPublicSchedule, currency: string, t: SiteStrings): SafeHtml {
  const c = t.classPage;
  const days = schedule.slots.map(
    (slot) =>
      html`<li>${weekdayName(slot.weekday, t)} ${localTime(slot.start_time, t)}–${localTime(slot.end_time, t)}</li>`,
  );
  const klasses = upcomingKlasses(schedule);
  return html`<li class="card schedule"><h3>${schedule.name}</h3><dl><dt>${c.dates}</dt><dd>${localDate(schedule.start_date, t)} – ${localDate(schedule.end_date, t)}</dd><dt>${c.days}</dt><dd><ul>${days}</ul></dd><dt>${c.teacher}</dt><dd>${schedule.teacher.name}</dd><dt>${c.seatsLeft}</dt><dd>${schedule.seats_left > 0 ? c.seatsLeftCount(schedule.seats_left) : c.soldOut}</dd><dt>${c.plans}</dt><dd><ul>${schedule.klass_group_schedule_plans.map((p) => html`<li>${planPrice(p.plan, currency, t)}</li>`)}</ul></dd>${
    klasses.length > 0
      ? html`<dt>${c.nextSessions}</dt><dd><ul>${klasses.map((k) => html`<li><time datetime="${k.starts_at}">${klassTime(k.starts_at, schedule.time_zone, t)}</time></li>`)}</ul></dd>`
      : ''
  }</dl><p class="note">${c.timeZoneNote(zoneName(schedule.time_zone, t))}</p></li>`;
}

/** The description as paragraphs (catalogue text is plain text: blank lines separate paragraphs). */
function paragraphs(text: string): SafeHtml[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p>${p}</p>`);
}

/** The first sentence or so of the description, for the meta description (at most ~160 chars). */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 160) return flat;
  const cut = flat.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}…`;
}

const SCHEMA_DAYS = [
  '',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

function decimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * schema.org data of the page: a `Course` whose `hasCourseInstance` are the upcoming schedules
 * (`CourseInstance` with their weekly `Schedule`), and an `Event` per listed upcoming session, so a
 * search engine can show the dates.
 */
export function classJsonLd(
  programme: FlatCatalogueKlassGroup,
  site: SiteContext,
  url: string,
  lang: Lang,
): object[] {
  const online = programme.format === 'online';
  const image = programme.image_url
    ? new URL(programme.image_url, `${site.origin}/`).toString()
    : undefined;
  const provider = { '@type': 'Organization', name: site.schoolName, url: site.origin };
  const place = online
    ? { '@type': 'VirtualLocation', url }
    : {
        '@type': 'Place',
        name: programme.location ?? site.schoolName,
        address: programme.location ?? site.schoolName,
      };
  const bookUrl = `${site.origin}${SITE_PATHS.bookClass(programme.slug)}`;
  const offerOf = (schedule: FlatPublicSchedule) => {
    const plans = schedule.klass_group_schedule_plans.map((p) => p.plan);
    if (plans.length === 0) return undefined;
    const lowest = Math.min(...plans.map((p) => p.base_price + p.unit_price));
    return {
      '@type': 'Offer',
      price: decimal(lowest),
      priceCurrency: site.currency,
      category: lowest === 0 ? 'Free' : 'Paid',
      availability:
        schedule.seats_left > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url: bookUrl,
    };
  };
  const course = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: programme.name,
    description: programme.description,
    url,
    inLanguage: lang,
    ...(image ? { image } : {}),
    provider,
    ...(programme.min_age !== null || programme.max_age !== null
      ? {
          audience: {
            '@type': 'PeopleAudience',
            ...(programme.min_age !== null ? { suggestedMinAge: programme.min_age } : {}),
            ...(programme.max_age !== null ? { suggestedMaxAge: programme.max_age } : {}),
          },
        }
      : {}),
    offers: programme.klass_group_schedules.map(offerOf).filter(Boolean),
    hasCourseInstance: programme.klass_group_schedules.map((schedule) => ({
      '@type': 'CourseInstance',
      name: schedule.name,
      courseMode: online ? 'Online' : 'Onsite',
      location: place,
      startDate: schedule.start_date,
      endDate: schedule.end_date,
      instructor: { '@type': 'Person', name: schedule.teacher.name },
      courseSchedule: schedule.slots.map((slot) => ({
        '@type': 'Schedule',
        byDay: `https://schema.org/${SCHEMA_DAYS[slot.weekday]}`,
        startTime: slot.start_time,
        endTime: slot.end_time,
        startDate: schedule.start_date,
        endDate: schedule.end_date,
        repeatFrequency: 'P1W',
        scheduleTimezone: schedule.time_zone,
      })),
      ...(offerOf(schedule) ? { offers: offerOf(schedule) } : {}),
    })),
  };
  const events = programme.klass_group_schedules.flatMap((schedule) =>
    upcomingKlasses(schedule).map((k) => ({
      '@type': 'Event',
      name: programme.name,
      description: shortDescription(programme.description),
      startDate: DateTime.fromISO(k.starts_at).setZone(schedule.time_zone).toISO(),
      endDate: DateTime.fromISO(k.ends_at).setZone(schedule.time_zone).toISO(),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: online
        ? 'https://schema.org/OnlineEventAttendanceMode'
        : 'https://schema.org/OfflineEventAttendanceMode',
      location: place,
      ...(image ? { image } : {}),
      organizer: provider,
      performer: { '@type': 'Person', name: schedule.teacher.name },
      ...(offerOf(schedule) ? { offers: offerOf(schedule) } : {}),
    })),
  );
  return events.length > 0
    ? [course, { '@context': 'https://schema.org', '@graph': events }]
    : [course];
}

/** The page input of a programme's page at `path` (its one URL). */
export function classPageInput(
  programme: FlatCatalogueKlassGroup,
  site: SiteContext,
  lang: Lang,
  path: string,
): PageInput {
  const t = siteStrings(lang);
  const c = t.classPage;
  const cheapest = cheapestPlan(programme);
  const facts: [string, string][] = [
    [c.audience, c.audiences[programme.audience] ?? programme.audience],
    [c.ages, c.agesRange(programme.min_age, programme.max_age)],
    [c.format, programme.format === 'online' ? c.online : c.inPerson],
    [
      c.place,
      programme.format === 'online' ? c.onlinePlace : (programme.location ?? site.schoolName),
    ],
    ...(cheapest
      ? [[c.priceFrom, c.priceFromValue(planPrice(cheapest, site.currency, t))] as [string, string]]
      : []),
  ];
  const schedules = programme.klass_group_schedules;
  const main = html`<div class="hero"><div class="wrap"><h1>${programme.name}</h1>${paragraphs(programme.description)}<dl class="facts">${facts.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl><p class="cta"><a class="btn btn-primary btn-large" href="${SITE_PATHS.bookClass(programme.slug)}">${c.bookThisClass}</a>${
    programme.trial_price === null
      ? ''
      : html` <a class="btn btn-large" href="${SITE_PATHS.tryClass(programme.slug)}">${c.tryClass(
          programme.trial_price === 0 ? null : money(programme.trial_price, site.currency, t),
        )}</a>`
  }</p>${
    programme.image_url
      ? html`<img src="${programme.image_url}" alt="" width="1280" height="720" fetchpriority="high">`
      : ''
  }</div></div><div class="wrap"><h2>${c.schedulesHeading}</h2>${
    schedules.length > 0
      ? html`<ul class="cards">${schedules.map((s) => scheduleCard(s, site.currency, t))}</ul><p class="cta"><a class="btn btn-primary btn-large" href="${SITE_PATHS.bookClass(programme.slug)}">${c.bookThisClass}</a></p>`
      : html`<p>${c.noSchedules}</p>`
  }</div>`;
  return {
    site,
    lang,
    path,
    title: `${programme.name}${c.titleSuffix(site.schoolName)}`,
    description: shortDescription(programme.description),
    main,
    image: programme.image_url,
    imageAlt: programme.name,
    jsonLd: classJsonLd(programme, site, pageUrl(site, path, lang), lang),
  };
}

/** A menu's class page whose programme is not published (yet): says so, not indexed. */
export function comingSoonInput(
  site: SiteContext,
  lang: Lang,
  path: string,
  name: string,
): PageInput {
  const c = siteStrings(lang).classPage;
  return {
    site,
    lang,
    path,
    title: `${name}${c.titleSuffix(site.schoolName)}`,
    description: c.comingSoon,
    noindex: true,
    main: html`<div class="wrap"><h1>${name}</h1><p><strong>${c.comingSoonTitle}</strong></p><p>${c.comingSoon}</p><p><a class="btn btn-primary" href="${SITE_PATHS.contactUs}">${siteStrings(lang).menu.contactUs}</a></p></div>`,
  };
}
