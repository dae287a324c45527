// The registration-day bench's families, written before its servers start (harness `prepare`),
// after the server's own seed command migrated the database: REGISTRATION_FAMILIES confirmed
// family accounts, each with its account holder's attendee profile, inserted in one statement each,
// and a session token per family signed with the servers' JWT_SECRET. Signing here rather than
// signing in keeps hundreds of password checks (and the sign-in limits per address,
// docs/architecture.md#sessions) out of a bench about checkout. Run as its own process with the
// servers' environment; writes the families (token, attendee profile id) as JSON to
// REGISTRATION_FAMILIES_FILE.
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/modules/users/passwords';
import {
  importSessionKey,
  signSessionToken,
} from '../../apps/server/src/modules/users/session-tokens';
import { attendeeProfiles, users } from '../../apps/server/src/modules/users/users.tables';

const count = Number(process.env.REGISTRATION_FAMILIES ?? '500');
const file = process.env.REGISTRATION_FAMILIES_FILE;
if (!file) throw new Error('REGISTRATION_FAMILIES_FILE: where to write the families');
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const passwordHash = await hashPassword('registration-day-family-1');
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `registration-day-${String(i + 1).padStart(5, '0')}@atelier.test`,
        name: `Family ${i + 1}`,
        passwordHash,
        role: 'student' as const,
        timezone: 'America/New_York',
        locale: 'en' as const,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id, name: users.name });
  const profiles = await database.db
    .insert(attendeeProfiles)
    .values(rows.map((r) => ({ userId: r.id, name: r.name, isAccountHolder: true })))
    .returning({ id: attendeeProfiles.id, userId: attendeeProfiles.userId });
  const profileOf = new Map(profiles.map((p) => [p.userId, p.id]));
  const key = await importSessionKey(config.jwtSecret);
  const families = await Promise.all(
    rows.map(async (r) => ({
      userId: r.id,
      attendeeProfileId: profileOf.get(r.id) ?? -1,
      token: await signSessionToken(key, { id: r.id, role: 'student' }),
    })),
  );
  writeFileSync(file, JSON.stringify(families));
} finally {
  await database.close();
}
process.exit(0);
