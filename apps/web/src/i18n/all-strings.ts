import { enFeatures } from './en-features';
import { addStrings } from './i18n';

/**
 * Test setup only: every English string at once, synchronously, so a component test renders text
 * without going through a route (the app itself loads page strings with the pages).
 */
addStrings('en', 'features', enFeatures);
