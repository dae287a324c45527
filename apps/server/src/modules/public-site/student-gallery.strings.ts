import type { Lang } from './site-strings';

// The words of /student-gallery, in each language of the site (site-strings.ts holds the words
// every page shares).

const en = {
  title: (school: string, page: number) =>
    page > 1 ? `Student Gallery, page ${page} | ${school}` : `Student Gallery | ${school}`,
  description: (school: string) =>
    `Drawings and paintings by students of ${school}, shared by their families.`,
  heading: 'Student Gallery',
  lead: 'Artwork our students made in class, shared with everyone by their families.',
  empty: 'No artwork has been shared publicly yet. Please come back soon.',
  artworkAlt: (student: string) => `Artwork by ${student}`,
  byStudent: (student: string) => `by ${student}`,
  morePictures: 'More pictures:',
  picture: (n: number, of: number) => `Picture ${n} of ${of}`,
  pages: 'Pages',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous page',
  next: 'Next page',
  share: 'Families choose who sees their children’s artwork in Account Settings.',
};

export type StudentGalleryStrings = typeof en;

const ja: StudentGalleryStrings = {
  title: (school, page) =>
    page > 1 ? `生徒ギャラリー(${page}ページ) | ${school}` : `生徒ギャラリー | ${school}`,
  description: (school) =>
    `${school}の生徒たちの作品です。ご家族が公開を選んだものを掲載しています。`,
  heading: '生徒ギャラリー',
  lead: '生徒たちがクラスで描いた作品を、ご家族の許可のもとで公開しています。',
  empty: '公開されている作品はまだありません。また見に来てください。',
  artworkAlt: (student) => `${student}の作品`,
  byStudent: (student) => `作: ${student}`,
  morePictures: 'ほかの写真:',
  picture: (n, of) => `写真 ${n}/${of}`,
  pages: 'ページ',
  pageOf: (page, pages) => `${pages}ページ中${page}ページ目`,
  previous: '前のページ',
  next: '次のページ',
  share: '作品を見せる範囲は、ご家族がアカウント設定で選べます。',
};

export const STUDENT_GALLERY_STRINGS: Record<Lang, StudentGalleryStrings> = { en, ja };
