import type { en } from './en';

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/** The shape every language file has: the keys of en.ts, each holding a string. */
export type Translation = Messages<typeof en>;
