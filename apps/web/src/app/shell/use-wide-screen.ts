import { WIDE_LOGO_BREAKPOINT_PX } from '@atelier/contract';
import useMediaQuery from '@mui/material/useMediaQuery';

/** docs/product.md#constants's layout breakpoint (800px): the wide logo, and the drawer docked beside the page. */
export const WIDE_SCREEN_QUERY = `(min-width:${WIDE_LOGO_BREAKPOINT_PX}px)`;

export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
}
