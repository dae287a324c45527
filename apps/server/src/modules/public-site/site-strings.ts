import {
  PUBLIC_FOOTER_LABELS_EN,
  PUBLIC_FOOTER_LABELS_JA,
  PUBLIC_MENU_LABELS_EN,
  PUBLIC_MENU_LABELS_JA,
} from '@atelier/contract';

/**
 * The public site's words in each language it speaks (docs/product.md#public-site). The app's own
 * strings live in the web's i18n files; these are the server-rendered pages' and say the same
 * things with the same words so a family moving between them reads one voice: the menu's and the
 * footer's are the contract's (PUBLIC_MENU_LABELS_*, PUBLIC_FOOTER_LABELS_*), which the web takes too.
 */

export const SITE_LANGUAGES = ['en', 'ja'] as const;
export type Lang = (typeof SITE_LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'en';

const en = {
  /** `lang` of the document and the BCP 47 tag Intl formats with. */
  locale: 'en-US',
  languageName: 'English',
  skipToContent: 'Skip to content',
  logoHome: (school: string) => `${school}: home`,
  logIn: 'Log in',
  signUp: 'Sign up',
  mainMenu: 'Main menu',
  languageSwitch: 'Language',
  menu: PUBLIC_MENU_LABELS_EN,
  footer: {
    ...PUBLIC_FOOTER_LABELS_EN,
    copyright: (year: number, school: string) => `© ${year} ${school}`,
    opensNewTab: '(opens in a new tab)',
  },
  home: {
    title: (school: string) => `${school}: art classes for kids and adults`,
    description: (school: string) =>
      `${school} teaches drawing and art to children and adults, in the studio and online. See the classes, their schedules and prices, and book a place.`,
    heading: (school: string) => school,
    lead: 'Drawing and art classes for kids, teens and adults, in our studio and online.',
    classesHeading: 'Our classes',
    noClasses: 'No class is open for booking right now. Please come back soon.',
    seeClass: (name: string) => `About ${name}`,
    bookCta: 'Book a class',
  },
  classPage: {
    titleSuffix: (school: string) => ` | ${school}`,
    ages: 'Ages',
    agesRange: (min: number | null, max: number | null) =>
      min !== null && max !== null
        ? `${min}–${max}`
        : min !== null
          ? `${min} and up`
          : max !== null
            ? `Up to ${max}`
            : 'All ages',
    format: 'Format',
    inPerson: 'In person',
    online: 'Online',
    place: 'Place',
    onlinePlace: 'Online (the link is sent after booking)',
    audience: 'For',
    audiences: { kids: 'Kids', adults: 'Adults', all_ages: 'All ages' } as Record<string, string>,
    priceFrom: 'Price from',
    priceFromValue: (price: string) => `From ${price}`,
    per: { class: 'per class', month: 'per month', term: 'per term' } as Record<string, string>,
    planPrice: (price: string, unit: string, base: string | null) =>
      base ? `${base} + ${price} ${unit}` : `${price} ${unit}`,
    plans: 'Plans',
    free: 'Free',
    schedulesHeading: 'Upcoming schedules',
    noSchedules:
      'No schedule of this class is open right now. Contact us to hear when the next one starts.',
    dates: 'Dates',
    days: 'Days',
    time: 'Time',
    teacher: 'Teacher',
    seatsLeft: 'Seats left',
    seatsLeftCount: (n: number) => (n === 1 ? '1 seat left' : `${n} seats left`),
    soldOut: 'Sold out',
    nextSessions: 'Next sessions',
    timeZoneNote: (zone: string) => `Times are in ${zone}.`,
    bookThisClass: 'Book this class',
    tryClass: (price: string | null) => (price ? `Try a class (${price})` : 'Try a class free'),
    comingSoonTitle: 'Coming soon',
    comingSoon:
      'This class is not open for booking yet. Contact us and we will tell you when it starts.',
  },
  notFound: {
    title: 'Page not found',
    heading: 'Page not found',
    body: 'The page you asked for does not exist or has moved.',
    home: 'Go to the home page',
  },
};

export type SiteStrings = typeof en;

const ja: SiteStrings = {
  locale: 'ja-JP',
  languageName: '日本語',
  skipToContent: '本文へスキップ',
  logoHome: (school) => `${school}：ホーム`,
  logIn: 'ログイン',
  signUp: '新規登録',
  mainMenu: 'メインメニュー',
  languageSwitch: '言語',
  menu: PUBLIC_MENU_LABELS_JA,
  footer: {
    ...PUBLIC_FOOTER_LABELS_JA,
    copyright: (year, school) => `© ${year} ${school}`,
    opensNewTab: '（新しいタブで開きます）',
  },
  home: {
    title: (school) => `${school}：子どもと大人のアート教室`,
    description: (school) =>
      `${school}は、子どもから大人までを対象に、スタジオとオンラインでデッサンとアートを教えています。クラス、スケジュール、料金を確認して予約できます。`,
    heading: (school) => school,
    lead: '子ども、ティーン、大人のためのデッサンとアートのクラス。スタジオでもオンラインでも。',
    classesHeading: 'クラス一覧',
    noClasses: '現在予約を受け付けているクラスはありません。またご確認ください。',
    seeClass: (name) => `${name}について`,
    bookCta: 'クラスを予約する',
  },
  classPage: {
    titleSuffix: (school) => `｜${school}`,
    ages: '対象年齢',
    agesRange: (min, max) =>
      min !== null && max !== null
        ? `${min}〜${max}歳`
        : min !== null
          ? `${min}歳以上`
          : max !== null
            ? `${max}歳まで`
            : '全年齢',
    format: '形式',
    inPerson: '対面',
    online: 'オンライン',
    place: '場所',
    onlinePlace: 'オンライン（リンクは予約後にお送りします）',
    audience: '対象',
    audiences: { kids: 'キッズ', adults: '大人', all_ages: '全年齢' },
    priceFrom: '料金',
    priceFromValue: (price) => `${price}〜`,
    per: { class: '1回ごと', month: '1か月ごと', term: '1学期ごと' },
    planPrice: (price, unit, base) => (base ? `${base} ＋ ${unit} ${price}` : `${unit} ${price}`),
    plans: 'プラン',
    free: '無料',
    schedulesHeading: '今後のスケジュール',
    noSchedules: '現在受付中のスケジュールはありません。次回の開始時期はお問い合わせください。',
    dates: '期間',
    days: '曜日',
    time: '時間',
    teacher: '講師',
    seatsLeft: '残席',
    seatsLeftCount: (n) => `残り ${n} 席`,
    soldOut: '満席',
    nextSessions: '次回のレッスン',
    timeZoneNote: (zone) => `時刻は${zone}です。`,
    bookThisClass: 'このクラスを予約する',
    tryClass: (price) => (price ? `体験クラス（${price}）` : '無料体験クラス'),
    comingSoonTitle: '近日公開',
    comingSoon: 'このクラスはまだ予約を受け付けていません。開始時期はお問い合わせください。',
  },
  notFound: {
    title: 'ページが見つかりません',
    heading: 'ページが見つかりません',
    body: 'お探しのページは存在しないか、移動しました。',
    home: 'ホームページへ',
  },
};

export const SITE_STRINGS: Record<Lang, SiteStrings> = { en, ja };

/** The strings of one language. */
export function siteStrings(lang: Lang): SiteStrings {
  return SITE_STRINGS[lang];
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (SITE_LANGUAGES as readonly string[]).includes(value);
}
