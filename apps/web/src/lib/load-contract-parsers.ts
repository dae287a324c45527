/** Loads the response parsers (and with them zod) on first use; see contract-parsers.ts. */
export function loadContractParsers(): Promise<typeof import('./contract-parsers')> {
  return import('./contract-parsers');
}
