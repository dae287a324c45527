import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './db/demo-accounts';
import { startBanner } from './start-banner';

describe('the start-up banner', () => {
  const dev = {
    appUrl: 'http://localhost:3000',
    seedDemo: true,
    devMailbox: { adminOnly: false },
  };

  it('ends npm start with the app’s URL, the demo accounts, /dev/mail and /api/docs', () => {
    const text = startBanner(dev, 3000, 'pglite');
    expect(text.split('\n')[0]).toBe(
      'Atelier is running at http://localhost:3000/app/ (database: pglite)',
    );
    for (const account of DEMO_ACCOUNTS) {
      expect(text).toMatch(
        new RegExp(`${account.email}\\s+${account.password}\\s+\\(${account.role}\\)`),
      );
    }
    expect(text).toContain('http://localhost:3000/dev/mail');
    expect(text).toContain('http://localhost:3000/api/docs');
  });

  it('names the listening port on this machine first, then APP_URL when it is another host', () => {
    expect(startBanner(dev, 4123, 'pglite')).toContain('http://localhost:4123/app/');
    const lan = startBanner({ ...dev, appUrl: 'http://192.168.1.20:3000' }, 3000, 'pglite');
    expect(lan.split('\n').slice(0, 2)).toEqual([
      'Atelier is running at http://localhost:3000/app/ (database: pglite)',
      'Reached from elsewhere at http://192.168.1.20:3000/app/ (APP_URL)',
    ]);
  });

  it('leaves out demo accounts and the mailbox where there are none', () => {
    const text = startBanner(
      { appUrl: 'https://school.example', seedDemo: false, devMailbox: undefined },
      3000,
      'postgres',
    );
    expect(text).not.toContain('@atelier.test');
    expect(text).not.toContain('/dev/mail');
    expect(text).toContain('https://school.example/api/docs');
  });

  it('says when the mailbox answers admins only', () => {
    const text = startBanner({ ...dev, devMailbox: { adminOnly: true } }, 3000, 'pglite');
    expect(text).toContain('/dev/mail (admins only)');
  });
});
