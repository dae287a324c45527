import type { PublicFooterLabels, PublicMenuLabels } from './public-menu';

/**
 * The public menu's and footer's words in Japanese (public-menu.ts has the English). A file of
 * their own, so the web's English first visit, which loads public-menu.ts, does not carry them.
 */
export const PUBLIC_MENU_LABELS_JA: PublicMenuLabels = {
  home: 'ホーム',
  classes: 'クラス',
  kids: 'キッズ',
  adults: '大人',
  allAges: '全年齢',
  observationalDrawing: '観察デッサン',
  comicsDrawing: 'マンガ・コミック',
  artScience: 'アート＆サイエンス',
  summerArtCamp: 'サマーアートキャンプ',
  studioHours: 'スタジオアワー',
  openHouse: 'オープンハウス',
  portfolioSupport: 'ポートフォリオ対策',
  privateInstruction: '個人レッスン',
  figureDrawing: '人物デッサン',
  drawingLab: 'ドローイングラボ（オンライン）',
  specialEvents: '特別イベント',
  studentGallery: '生徒ギャラリー',
  about: 'アトリエについて',
  aboutAtelier: 'アトリエについて',
  ourInstructors: '講師紹介',
  contactUs: 'お問い合わせ',
  blog: 'ブログ',
};

export const PUBLIC_FOOTER_LABELS_JA: PublicFooterLabels = {
  label: 'サイト情報',
  contact: 'お問い合わせ',
  termsOfUse: '利用規約',
  privacyPolicy: 'プライバシーポリシー',
  social: 'ソーシャルメディア',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
};
