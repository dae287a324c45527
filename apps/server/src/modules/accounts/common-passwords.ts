import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The bundled list (see the header of common-passwords.txt for its source), loaded once. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/** True when `password`, ignoring case and surrounding spaces, is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

export const commonPasswordCount = () => COMMON_PASSWORDS.size;
