import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB; the guest cart (Dexie) needs one whenever a test loads the cart.
import 'fake-indexeddb/auto';
// Component tests render without routes: give them every string up front.
import '../i18n/all-strings';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { writeLanguageCookie } from '../i18n/i18n';
import { clearTestStyles } from './test-styles';

// findBy* waits 1 s by default: too little for lazy pages on a loaded 2-core CI machine. A
// passing test is no slower; only a failing one waits longer before it reports.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  clearTestStyles();
  localStorage.clear();
  // The language choice is also a cookie (shared with the public site): each test starts without.
  writeLanguageCookie('', 0);
});
