import type { Role } from '@atelier/contract';

export type DemoAccount = {
  email: string;
  password: string;
  name: string;
  role: Role;
  /** The public biography of a teacher or admin (the instructors page). */
  bio?: string;
  /** The same in Japanese; left out, Japanese readers see the English. */
  bioJa?: string;
  /**
   * Attendee profiles: the account holder and/or children. `galleryVisibility` defaults to the
   * most private choice, as for a real family.
   */
  attendees: {
    name: string;
    birthday: string;
    isAccountHolder: boolean;
    galleryVisibility?: 'family' | 'classmates' | 'public';
  }[];
};

/** The demo accounts README lists; seeded on an empty database outside production. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@atelier.test',
    password: 'atelier-admin-2026',
    name: 'Ada Admin',
    role: 'admin',
    bio: 'Ada founded the school after twenty years as a book illustrator. She still teaches the occasional watercolour workshop and believes everyone can learn to draw what they see.',
    attendees: [],
  },
  {
    email: 'teacher@atelier.test',
    password: 'atelier-teacher-2026',
    name: 'Theo Teacher',
    role: 'teacher',
    bio: 'Theo studied painting in Kyoto and has taught children and adults for twelve years. His classes start from observation: a still life, a plant, a classmate, drawn slowly and with curiosity.',
    bioJa:
      'テオは京都で絵画を学び、12年にわたり子どもと大人に教えてきました。授業は観察から始まります。静物、植物、クラスメートを、ゆっくりと好奇心をもって描きます。',
    attendees: [],
  },
  {
    email: 'student@atelier.test',
    password: 'atelier-student-2026',
    name: 'Sam Student',
    role: 'student',
    // An adult who shares her work with the public student gallery, so the demo shows some there.
    attendees: [
      {
        name: 'Sam Student',
        birthday: '1994-05-17',
        isAccountHolder: true,
        galleryVisibility: 'public',
      },
    ],
  },
  {
    email: 'parent@atelier.test',
    password: 'atelier-parent-2026',
    name: 'Pat Parent',
    role: 'student',
    attendees: [
      { name: 'Mia Parent', birthday: '2015-03-09', isAccountHolder: false },
      { name: 'Leo Parent', birthday: '2018-11-23', isAccountHolder: false },
    ],
  },
];
