import type { AppPageId, Role } from '@atelier/contract';
import type { MessageKey } from '../i18n/i18n';
import { paths } from '../lib/route-paths';
import { featureRoute } from './feature-route';
import type { RouteModule } from './route-module';

/** The drawer's sections of the My menu, in the order the drawer shows them among its entries. */
export const MENU_SECTIONS = {
  gallery: { id: 'gallery-section', title: 'menu.gallerySection', order: 30 },
  myClasses: { id: 'my-classes', title: 'menu.myClasses', order: 40 },
  adminClasses: { id: 'admin-classes', title: 'menu.classes', order: 60 },
  customers: { id: 'customers', title: 'menu.customers', order: 70 },
} as const satisfies Record<string, { id: string; title: MessageKey; order: number }>;

export type MenuSection = keyof typeof MENU_SECTIONS;

/**
 * One entry of the drawer's My menu leading to a page (docs/product.md#roles "Drawer menu by
 * role"). A page may have several: one per section and role that shows it.
 */
export type MenuPlacement = {
  /** The entry's id (its `menu-{id}` test id). */
  id: string;
  /** Its label (default: the page's title, one string for both). */
  title?: MessageKey;
  /** Its section, or none for an entry at the top level. */
  section?: MenuSection;
  /** Its place among its section's entries (or the top level's, beside the sections). */
  order: number;
  /** The roles it leads to the page for. */
  roles: readonly Role[];
  /** The roles that see it greyed out, leading nowhere. */
  greyedFor?: readonly Role[];
  /** Where it leads, for a page whose path takes parameters. */
  link?: string;
};

/**
 * What only the web knows of a page of the contract's `APP_PAGES`, beside its route file
 * (page-routes.ts: route files may read this list, e.g. the home page's shortcuts, so it imports
 * none of them).
 */
export type WebPage = {
  /** The key of the page's heading. */
  title: MessageKey;
  /** Drawer entries leading here; none when the drawer has no entry for the page. */
  menu?: readonly MenuPlacement[];
  /**
   * The page loads without the page strings (en-features.ts), which keeps a first visit to /login
   * small; the page then loads what it needs itself.
   */
  withoutPageStrings?: true;
  /**
   * The page's route, when it is a feature's component under its title (`featureRoute`): then
   * page-routes.ts has no entry for it, and the page is this one entry.
   */
  route?: () => Promise<RouteModule>;
};

const everyone = ['student', 'teacher', 'admin'] as const;

/**
 * Every page of the app, once (docs/architecture.md#adding-a-page): the router, its guards, the
 * drawer's My menu and the route paths derive from this list and the contract's `APP_PAGES`, whose
 * path, access and robots rule each id here completes. A page missing from either fails the
 * typecheck; `pages.test.ts` checks the rest (titles in both languages, menu links, robots).
 */
const PAGE_LIST = {
  home: {
    title: 'home.guest.title',
    menu: [{ id: 'top', title: 'menu.top', order: 10, roles: everyone }],
  },
  homeAlias: { title: 'home.guest.title' },
  bookClass: { title: 'pages.bookClass' },
  photoBox: {
    title: 'pages.photoBox',
    menu: [
      { id: 'photobox', title: 'menu.photobox', section: 'gallery', order: 2, roles: everyone },
    ],
  },
  photoUpload: { title: 'pages.photoUpload' },
  login: {
    title: 'login.title',
    withoutPageStrings: true,
  },
  register: { title: 'pages.register' },
  registerCheckEmail: {
    title: 'pages.registerCheckEmail',
  },
  registerComplete: {
    title: 'pages.registerComplete',
  },
  registerConfirm: {
    title: 'pages.registerConfirm',
  },
  passwordReset: {
    title: 'pages.passwordReset',
  },
  passwordResetToken: {
    title: 'pages.passwordResetToken',
  },
  accountDeletion: {
    title: 'pages.accountDeletion',
  },
  cart: { title: 'pages.cart' },
  cartItem: { title: 'pages.cartItem' },
  checkout: { title: 'pages.checkout' },
  checkoutComplete: {
    title: 'pages.checkoutComplete',
  },
  checkoutFailed: {
    title: 'pages.checkoutFailed',
  },
  sandbox: { title: 'sandbox.title' },
  sandboxDialog: { title: 'sandbox.dialog' },
  sandboxForm: { title: 'sandbox.form' },
  sandboxFile: { title: 'sandbox.file' },
  sandboxFileUpload: {
    title: 'sandbox.fileUpload',
  },
  classes: {
    title: 'pages.classes',
    menu: [
      {
        id: 'classes-schedule',
        title: 'menu.classesSchedule',
        section: 'myClasses',
        order: 1,
        roles: ['student', 'teacher'],
      },
      {
        id: 'admin-schedule',
        title: 'menu.schedule',
        section: 'adminClasses',
        order: 1,
        roles: ['admin'],
      },
    ],
  },
  accountSettings: {
    title: 'pages.accountSettings',
    menu: [{ id: 'account-settings', title: 'menu.accountSettings', order: 20, roles: everyone }],
  },
  accountSettingsEmail: {
    title: 'accountSettings.emailConfirm.title',
  },
  guardianInvitation: {
    title: 'guardians.accept.title',
  },
  gallery: {
    title: 'pages.galleryFeed',
    menu: [{ id: 'gallery', title: 'menu.gallery', section: 'gallery', order: 1, roles: everyone }],
  },
  myGallery: { title: 'pages.myGallery' },
  galleryFeedback: {
    title: 'pages.galleryFeedback',
  },
  galleryStudent: {
    title: 'pages.galleryStudent',
  },
  orders: {
    title: 'pages.orders',
    menu: [{ id: 'orders', title: 'menu.orders', order: 50, roles: ['student'] }],
  },
  refundComplete: {
    title: 'pages.refundComplete',
  },
  keepAsCredit: {
    title: 'pages.keepAsCredit',
  },
  userGroup: {
    title: 'pages.userGroup',
    // Teachers may keep coupons and user groups like admins
    // (docs/product.md#coupons-and-user-groups), so they get entries too.
    menu: [
      {
        id: 'teacher-manage-user-group',
        title: 'menu.manageUserGroup',
        section: 'myClasses',
        order: 4,
        roles: ['teacher'],
        link: paths.userGroup('1'),
      },
      {
        id: 'manage-user-group',
        title: 'menu.manageUserGroup',
        section: 'customers',
        order: 4,
        roles: ['admin'],
        link: paths.userGroup('1'),
      },
    ],
  },
  manageCoupons: {
    title: 'pages.manageCoupons',
    menu: [
      {
        id: 'teacher-manage-coupons',
        title: 'menu.manageCoupons',
        section: 'myClasses',
        order: 3,
        roles: ['teacher'],
      },
      {
        id: 'manage-coupons',
        title: 'menu.manageCoupons',
        section: 'adminClasses',
        order: 4,
        roles: ['admin'],
      },
    ],
  },
  manageAgreements: {
    title: 'pages.manageAgreements',
    menu: [
      {
        id: 'manage-agreements',
        title: 'menu.manageAgreements',
        section: 'customers',
        order: 5,
        roles: ['admin'],
      },
    ],
  },
  manageBilling: {
    title: 'pages.manageBilling',
    menu: [
      {
        id: 'manage-billing',
        title: 'menu.manageBilling',
        section: 'customers',
        order: 6,
        roles: ['admin'],
      },
    ],
  },
  messages: {
    title: 'pages.messages',
    menu: [
      // Families do not send class messages (they read theirs on Classes Schedule): the entry
      // docs/product.md#roles lists for them stays greyed (docs/product.md#class-messages).
      {
        id: 'send-message',
        title: 'menu.sendMessage',
        section: 'myClasses',
        order: 2,
        roles: ['teacher'],
        greyedFor: ['student'],
      },
      {
        id: 'admin-send-message',
        title: 'menu.sendMessage',
        section: 'adminClasses',
        order: 5,
        roles: ['admin'],
      },
    ],
  },
  customersGuest: {
    title: 'pages.customersGuest',
  },
  customers: {
    title: 'pages.customers',
    menu: [
      {
        id: 'edit-customer',
        title: 'menu.editCustomer',
        section: 'customers',
        order: 1,
        roles: ['admin'],
      },
    ],
  },
  managePlans: {
    title: 'pages.managePlans',
    menu: [
      {
        id: 'manage-plans',
        title: 'menu.managePlans',
        section: 'adminClasses',
        order: 3,
        roles: ['admin'],
      },
    ],
  },
  manageRooms: {
    title: 'menu.manageRooms',
    menu: [{ id: 'manage-rooms', section: 'adminClasses', order: 3.5, roles: ['admin'] }],
    route: featureRoute(
      'menu.manageRooms',
      async () => (await import('../features/classes')).ManageRooms,
    ),
  },
  managePasses: {
    title: 'menu.managePasses',
    menu: [{ id: 'manage-passes', section: 'adminClasses', order: 3.6, roles: ['admin'] }],
    route: featureRoute(
      'menu.managePasses',
      async () => (await import('../features/passes')).ManagePasses,
    ),
  },
  salesOverview: {
    title: 'pages.salesOverview',
    menu: [
      {
        id: 'sales-overview',
        title: 'menu.salesOverview',
        section: 'customers',
        order: 2,
        roles: ['admin'],
      },
    ],
  },
  manageOrders: {
    title: 'pages.manageOrders',
    menu: [
      {
        id: 'manage-orders',
        title: 'menu.orders',
        section: 'customers',
        order: 3,
        roles: ['admin'],
      },
    ],
  },
  manageClasses: {
    title: 'pages.manageClasses',
    menu: [
      {
        id: 'manage-class',
        title: 'menu.manageClass',
        section: 'adminClasses',
        order: 2,
        roles: ['admin'],
      },
    ],
  },
  manageClass: { title: 'pages.manageClass' },
  manageSchedule: {
    title: 'pages.manageSchedule',
  },
  notFound: {
    title: 'notFound.title',
    withoutPageStrings: true,
  },
} satisfies { readonly [Id in AppPageId]: WebPage };

export const PAGES: { readonly [Id in AppPageId]: WebPage } = PAGE_LIST;

/** The pages whose entry above holds their route: page-routes.ts lists the others. */
export type PagesRoutedInList = {
  [Id in AppPageId]: (typeof PAGE_LIST)[Id] extends { route: unknown } ? Id : never;
}[AppPageId];
