// The dev server's fonts: the production build declares them in index.html instead
// (build/inline-fonts.ts, docs/decisions/030-fonts-declared-in-the-page.md).
import '@fontsource/open-sans/400.css';
import '@fontsource/open-sans/600.css';
import '@fontsource/open-sans/700.css';
