import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from './demo-seed';

const config = loadConfig();
if (!config.seedDemo) {
  console.error('Demo data is not seeded here (production, or SEED_DEMO=0).');
  process.exit(1);
}
const database = await openDatabase(config.database);
await migrate(database);
const seeded = await seedIfEmpty(database.db);
await database.close();
console.log(seeded ? 'seeded demo data' : 'database not empty: nothing seeded');
