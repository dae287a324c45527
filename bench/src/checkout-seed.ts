// The checkout bench's data set, written before its server starts (harness `prepare`), after the
// server's own seed command migrated the database and seeded the demo accounts: `CHECKOUT_BUYERS`
// confirmed buyer accounts, each
// with the attendee profile of its holder. Run as its own process with the server's environment
// (DATA_DIR, DATABASE_URL); writes the buyers (email, password, attendee profile id) as JSON to
// CHECKOUT_BUYERS_FILE.
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/modules/users/passwords';
import { attendeeProfiles, users } from '../../apps/server/src/modules/users/users.tables';

const PASSWORD = 'bench-buyer-password-1';

const count = Number(process.env.CHECKOUT_BUYERS ?? '20');
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const passwordHash = await hashPassword(PASSWORD);
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench-buyer-${String(i + 1).padStart(3, '0')}@atelier.test`,
        name: `Bench Buyer ${i + 1}`,
        passwordHash,
        role: 'student' as const,
        timezone: 'America/New_York',
        locale: 'en' as const,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email, name: users.name });
  const profiles = await database.db
    .insert(attendeeProfiles)
    .values(rows.map((r) => ({ userId: r.id, name: r.name, isAccountHolder: true })))
    .returning({ id: attendeeProfiles.id, userId: attendeeProfiles.userId });
  const buyers = rows.map((r) => ({
    email: r.email,
    password: PASSWORD,
    attendeeProfileId: profiles.find((p) => p.userId === r.id)?.id ?? -1,
  }));
  const file = process.env.CHECKOUT_BUYERS_FILE;
  if (!file) throw new Error('CHECKOUT_BUYERS_FILE: where to write the buyers');
  writeFileSync(file, JSON.stringify(buyers));
} finally {
  await database.close();
}
process.exit(0);
