import type { Role } from '@atelier/contract';

export type DemoAccount = {
  email: string;
  password: string;
  name: string;
  role: Role;
  /** Attendee profiles: the account holder and/or children. */
  attendees: { name: string; birthday: string; isAccountHolder: boolean }[];
};

/** The demo accounts README lists; seeded on an empty database outside production. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@atelier.test',
    password: 'atelier-admin-2026',
    name: 'Ada Admin',
    role: 'admin',
    attendees: [],
  },
  {
    email: 'teacher@atelier.test',
    password: 'atelier-teacher-2026',
    name: 'Theo Teacher',
    role: 'teacher',
    attendees: [],
  },
  {
    email: 'student@atelier.test',
    password: 'atelier-student-2026',
    name: 'Sam Student',
    role: 'student',
    attendees: [{ name: 'Sam Student', birthday: '1994-05-17', isAccountHolder: true }],
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
