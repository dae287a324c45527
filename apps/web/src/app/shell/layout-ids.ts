/** Element ids the top bar refers to (aria-controls, skip link) without importing the parts. */
export const DRAWER_ID = 'app-drawer';
export const MAIN_CONTENT_ID = 'main-content';
