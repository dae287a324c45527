import { API, signInResponseSchema } from '@atelier/contract';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../../apps/server/src/db/demo-accounts';

export function demoAccount(email: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`no demo account ${email}`);
  return account;
}

/** Signs in through the real endpoint and returns the session token (`data.jwt`). */
export async function signIn(baseUrl: string, account: Pick<DemoAccount, 'email' | 'password'>) {
  const res = await fetch(`${baseUrl}${API.signIn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth: { email: account.email, password: account.password } }),
  });
  if (!res.ok)
    throw new Error(`sign-in as ${account.email} answered ${res.status}: ${await res.text()}`);
  return signInResponseSchema.parse(await res.json()).data.jwt;
}
