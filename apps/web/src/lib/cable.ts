/*
 * The session's handle on the live connection (lib/cable.ts), which is loaded only once a
 * signed-in user needs it: actioncable and the contract's cable module (with zod) stay out of
 * the JavaScript a first visit to /app/login downloads (issue 2's bundle budget).
 */
type CableModule = typeof import('./cable');

let cableModule: Promise<CableModule> | null = null;
/** The token the app currently wants a connection for; null once closed. */
let wantedToken: string | null = null;

function loadCable(): Promise<CableModule> {
  cableModule ??= import('./cable');
  // A failed chunk load must not poison every later attempt.
  cableModule.catch(() => {
    cableModule = null;
  });
  return cableModule;
}

/**
 * Opens the live connection for `token` (lib/cable.ts openCable). A close, or an open for
 * another token, that comes while the module is loading wins over this one.
 */
export async function openLiveCable(
  token: string,
  onMessage: (message: unknown) => void,
): Promise<void> {
  wantedToken = token;
  const cable = await loadCable();
  if (wantedToken !== token) return;
  cable.openCable(token, onMessage);
}

/** Closes the live connection, if one was ever opened (lib/cable.ts closeCable). */
export async function closeLiveCable(): Promise<void> {
  wantedToken = null;
  if (!cableModule) return;
  const cable = await cableModule.catch(() => null);
  // An open for a new token may have come in while this waited; it keeps its connection.
  if (cable && wantedToken === null) cable.closeCable();
}
