import type { en } from './en';
import type { enFeatures } from './en-features';

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/** The shape of every language's shell strings: the keys of en.ts, each holding a string. */
export type Translation = Messages<typeof en>;

/** The shape of every language's page and feature strings: the keys of en-features.ts. */
export type FeatureTranslation = Messages<typeof enFeatures>;
