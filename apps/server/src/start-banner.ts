import { API } from '@atelier/contract';
import { type Config, isLoopbackHost } from './config';
import { DEMO_ACCOUNTS } from './db/demo-accounts';
import { DEV_MAIL_PATH } from './mail/dev-mail.routes';

/**
 * What the server prints once it listens (the last lines of `npm start`): where the app is, and
 * outside production what a newcomer reaches for next — the demo accounts, the mailbox, the API
 * description. Plain text, whatever the log's format.
 */
export function startBanner(
  config: Pick<Config, 'appUrl' | 'seedDemo' | 'devMailbox'>,
  port: number,
  database: string,
): string {
  const local = `http://localhost:${port}`;
  // The first line is what scripts wait for (scale-out/server-process.ts): on this machine, the
  // listening port surely answers. APP_URL, when it names another host, is how others reach it.
  const lines = [`Atelier is running at ${local}/app/ (database: ${database})`];
  const base = isLoopbackHost(new URL(config.appUrl).hostname) ? local : config.appUrl;
  if (base !== local) lines.push(`Reached from elsewhere at ${base}/app/ (APP_URL)`);
  if (config.seedDemo) {
    const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
    lines.push(
      '',
      'Demo accounts (seeded on an empty database):',
      ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(width)}  ${a.password}  (${a.role})`),
    );
  }
  lines.push('');
  if (config.devMailbox) {
    const who = config.devMailbox.adminOnly ? ' (admins only)' : '';
    lines.push(`Mail sent by the app:  ${base}${DEV_MAIL_PATH}${who}`);
  }
  lines.push(`API description:       ${base}${API.docs}`);
  return lines.join('\n');
}
