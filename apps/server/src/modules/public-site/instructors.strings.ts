import type { Lang } from './site-strings';

// The words of /our-instructors, in each language of the site (site-strings.ts holds the words
// every page shares).

const en = {
  title: (school: string) => `Our Instructors | ${school}`,
  description: (school: string) =>
    `Meet the artists who teach at ${school}: who they are and how they teach.`,
  heading: 'Our Instructors',
  lead: 'Working artists who love to teach, in the studio and online.',
  none: 'Our instructors will be introduced here soon.',
  noBio: 'More about this instructor soon.',
};

export type InstructorsStrings = typeof en;

const ja: InstructorsStrings = {
  title: (school) => `講師紹介 | ${school}`,
  description: (school) => `${school}で教えるアーティストたちと、その教え方をご紹介します。`,
  heading: '講師紹介',
  lead: 'スタジオとオンラインで、教えることが大好きな現役のアーティストが指導します。',
  none: '講師の紹介はまもなく掲載します。',
  noBio: 'この講師の紹介はまもなく掲載します。',
};

export const INSTRUCTORS_STRINGS: Record<Lang, InstructorsStrings> = { en, ja };
