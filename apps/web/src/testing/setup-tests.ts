import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB; the guest cart (Dexie) needs one whenever a test loads the cart.
import 'fake-indexeddb/auto';
// Component tests render without routes: give them every string up front.
import '../i18n/all-strings';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
