import { PUBLIC_FOOTER_LABELS_EN, PUBLIC_MENU_LABELS_EN } from '@atelier/contract';

/**
 * English strings of the app shell and the login page: the layout, menus, dialogs of the shell,
 * error texts, login and not-found. They are in the first-visit bundle, so keep this file to what
 * the shell needs. Page and feature strings go in `en-features.ts` (loaded with the pages).
 * Every language has the same keys (checked by the types of `ja.ts` and `ja-features.ts`).
 */
export const en = {
  app: {
    productName: 'Atelier',
    galleryName: 'Atelier Gallery',
    // Starts with the visible wordmark, so a voice user who says what they see reaches the link
    // (label in name, WCAG 2.5.3).
    logoHome: '{{name}}: home',
  },
  common: {
    ok: 'OK',
    cancel: 'Cancel',
    close: 'Close',
    loading: 'Loading',
    required: 'Required',
    invalidInput: 'Invalid input',
    opensInNewTab: '(opens in a new tab)',
    demo: 'Demo',
  },
  errors: {
    fallback: 'Sorry.. there was an error',
    timeout: 'Timeout Error',
    generic: 'Error',
    status: '{{status}}: {{message}}',
    loadFailed: 'This part of the page could not be loaded. Check your connection and retry.',
    retry: 'Retry',
    reloadPage: 'Reload page',
  },
  layout: {
    skipToContent: 'Skip to content',
    pageLoading: 'Loading the page',
    header: 'Top bar',
    mainMenu: 'Main menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    gallery: 'Gallery',
    register: 'Register',
    search: 'Search',
    notifications: 'Notifications',
    notificationsUnread_one: 'Notifications, {{count}} unread',
    notificationsUnread_other: 'Notifications, {{count}} unread',
    cart: 'Cart',
    cartItems_one: 'Cart, {{count}} item',
    cartItems_other: 'Cart, {{count}} items',
    login: 'Log in',
    signUp: 'Sign up',
    greeting: 'Hi, {{name}}',
    mySection: 'My',
    webSection: 'Web',
    logout: 'Log out',
    logoutFailed: 'Log out',
    language: 'Language',
    languageNames: { en: 'English', ja: '日本語' },
  },
  footer: {
    ...PUBLIC_FOOTER_LABELS_EN,
    copyright: '© {{year}} {{school}}',
  },
  menu: {
    top: 'Top',
    accountSettings: 'Account Settings',
    gallerySection: 'Gallery',
    gallery: 'Gallery',
    photobox: 'Photobox',
    myClasses: 'My Classes',
    classesSchedule: 'Classes Schedule',
    sendMessage: 'Send Message',
    orders: 'Orders',
    schedule: 'Schedule',
    manageClass: 'Manage Class',
    managePlans: 'Manage Plans',
    manageCoupons: 'Manage Coupons',
    customers: 'Customers',
    editCustomer: 'Edit Customer',
    salesOverview: 'Sales Overview',
    manageUserGroup: 'Manage User Group',
    // The public menu's words, the same the server's pages use (the admin's Classes is its `classes`).
    ...PUBLIC_MENU_LABELS_EN,
  },
  notifications: {
    title: 'Notifications',
    empty: 'No notification',
    markAllRead: 'Mark all as read',
    confirmMarkAllRead: 'Are you sure you want to mark all notifications as read?',
    unread: 'Unread',
    from: 'From {{name}}',
    loadMore: 'Load more notifications',
    markReadFailed: 'Mark as read',
    loadFailed: 'Load notifications',
  },
  search: {
    title: 'Search',
    label: 'Search',
  },
  avatar: {
    noName: 'User',
  },
  login: {
    title: 'Log in',
    email: 'E-mail',
    password: 'Password',
    submit: 'Log in',
    forgotPassword: 'Forgot your password?',
    noAccount: 'New here?',
    signUp: 'Create an account',
    invalidCredentials: 'The e-mail or password is incorrect.',
    rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
    unconfirmed:
      'Please confirm your e-mail address first: open the link in the e-mail we sent you.',
    failed: 'Could not log in. Please try again.',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist or you cannot open it.',
    backHome: 'Back to the start page',
  },
} as const;
