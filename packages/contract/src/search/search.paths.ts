type Id = string | number;

/** API path of the search dialog (docs/product.md#search). */
export const SEARCH_API = {
  /** GET ?q=: programmes for everyone; students, families, teachers and orders for staff. */
  search: '/api/v1/search',
} as const;

/**
 * The app pages a search result opens, relative to APP_BASE (the web's router basename). The
 * server puts them on each result, so the web navigates without knowing who may open what.
 */
export const SEARCH_PAGES = {
  /** The booking page showing one programme (docs/product.md#booking-and-the-cart). */
  bookKlassGroup: (slug: string) => `/book_class?klass_group=${encodeURIComponent(slug)}`,
  /** An admin's page of one programme and its schedules. */
  manageKlassGroup: (id: Id) => `/manage_classes/${encodeURIComponent(String(id))}`,
  /** An admin's page of one schedule (sessions, roster). */
  manageSchedule: (klassGroupId: Id, id: Id) =>
    `/manage_classes/${encodeURIComponent(String(klassGroupId))}/schedules/${encodeURIComponent(String(id))}`,
  /** The admins' programme list: a teacher who teaches no schedule yet leads here. */
  manageKlassGroups: '/manage_classes',
  /** One student's portfolio (docs/product.md#gallery). */
  studentGallery: (id: Id) => `/gallery/student/${encodeURIComponent(String(id))}`,
  /** The customers page with one account holder's dialog open (docs/product.md#customers). */
  customer: (id: Id) => `/customers?customer=${encodeURIComponent(String(id))}`,
  /** Order management with one order's detail open (docs/product.md#order-management). */
  order: (id: Id) => `/manage_orders?order=${encodeURIComponent(String(id))}`,
} as const;
