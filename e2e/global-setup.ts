import { rmSync } from 'node:fs';
import { BASE_PORT, createRunDir, startServer, templateDir } from './worker-server';

/**
 * Once per run, before the workers start: the real server creates, migrates and seeds a database
 * in the template directory and stops, so each worker copies a ready database instead of making
 * its own. Returns the teardown, which removes the run's directory.
 */
export default async function globalSetup(): Promise<() => void> {
  const run = createRunDir();
  const server = await startServer(BASE_PORT, templateDir());
  await server.stop();
  return () => rmSync(run, { recursive: true, force: true });
}
