export type NavigateOptions = { reload?: boolean };
export type Navigator = (path: string, opts?: NavigateOptions) => void;

/**
 * Until the router installs its navigator, navigation falls back to the browser: thunks and the
 * api client must still be able to send a signed-out user to /login.
 */
const browserNavigator: Navigator = (path) => {
  window.location.assign(path);
};

let current: Navigator = browserNavigator;

/** The router installs its navigate function here (and may pass null to uninstall it). */
export function setNavigator(fn: Navigator | null): void {
  current = fn ?? browserNavigator;
}

/** Navigates through the installed router; `reload` asks for a full page load. */
export function navigate(path: string, opts?: NavigateOptions): void {
  current(path, opts);
}
