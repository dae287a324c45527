import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrate } from './migrate';

const database = await openDatabase(loadConfig().database);
await migrate(database);
await database.close();
console.log(`migrated (${database.kind})`);
