import { giveEmergencyContacts } from '../modules/child-care/child-care-testing';
import { type Cast, person } from '../modules/classes/classes-testing';
import { attendeeProfiles } from '../modules/users/users.tables';
import type { TestApp } from './test-app';

// The people most server tests start from. Here rather than beside the classes module's helpers:
// its families' children are ready to book, which needs the child-care module above classes.

/** An admin, two teachers, a student and a parent with two children (Mia, Leo) ready to book. */
export async function cast(t: TestApp): Promise<Cast> {
  const admin = await person(t, 'admin', 'Ada Admin');
  const teacher = await person(t, 'teacher', 'Theo Teacher');
  const otherTeacher = await person(t, 'teacher', 'Olga Other');
  const student = await person(t, 'student', 'Sam Student');
  const parentUser = await person(t, 'student', 'Pat Parent');
  const kids = await t.database.db
    .insert(attendeeProfiles)
    .values([
      { userId: parentUser.id, name: 'Mia Parent', birthday: '2015-03-09' },
      { userId: parentUser.id, name: 'Leo Parent', birthday: '2018-11-23' },
    ])
    .returning({ id: attendeeProfiles.id });
  // Ready to book: checkout asks each child's emergency contact (docs/product.md#the-childs-card).
  await giveEmergencyContacts(
    t.database.db,
    kids.map((k) => k.id),
  );
  return {
    admin,
    teacher,
    otherTeacher,
    student,
    parent: { ...parentUser, attendees: { mia: kids[0]?.id ?? 0, leo: kids[1]?.id ?? 0 } },
  };
}
