import 'i18next';
import type { en } from './en';
import type { enFeatures } from './en-features';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // One namespace: the shell strings and the page strings (loaded later) share it.
    resources: { translation: typeof en & typeof enFeatures };
  }
}
