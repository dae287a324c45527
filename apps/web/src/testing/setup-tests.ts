import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB; the guest cart (Dexie) needs one whenever a test loads the cart.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
