import { MENU_FONT_SIZE, SUBMENU_FONT_SIZE, THEME_COLORS } from '@atelier/contract';
import { createTheme } from '@mui/material/styles';

/** Darker shade of the brand's error colour, used where error text sits on white (see below). */
export const ERROR_TEXT_COLOR = '#C70044';
/** Hover shade of the primary fill: dark enough to show the hover, light enough for dark text. */
export const PRIMARY_HOVER_COLOR = '#33B886';
/**
 * The warning colour (a Retire or Withdraw button, a "due" or "hidden" chip): MUI's default orange
 * is 3.1:1 as text on white, under the 4.5:1 axe checks; this amber is 5.0:1, and carries white
 * text when filled.
 */
export const WARNING_COLOR = '#B45309';
/** Darker shade of the brand's primary colour, used for primary-coloured text on white. */
export const PRIMARY_TEXT_COLOR = '#14744F';

/**
 * docs/product.md#constants theme. The brand colours are kept as the palette's main colours, but two of them are too
 * light to carry text: white on #41D9A0 is 1.8:1 and #FF0058 text on white is 3.9:1, both under the
 * WCAG AA 4.5:1 that axe checks. So `contrastThreshold` is raised to 4.5 (MUI then picks dark text on
 * light fills), primary buttons carry the brand's dark text colour, and text drawn in the error or
 * primary colour uses the darker shades above (5.9:1 and 5.6:1 on white).
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    contrastThreshold: 4.5,
    // `dark` (hover fill) is chosen to keep the dark text readable on it (5.0:1).
    primary: {
      main: THEME_COLORS.primary,
      dark: PRIMARY_HOVER_COLOR,
      contrastText: THEME_COLORS.textPrimary,
    },
    secondary: { main: THEME_COLORS.secondary },
    error: { main: THEME_COLORS.error },
    warning: { main: WARNING_COLOR },
    success: { main: THEME_COLORS.success },
    text: { primary: THEME_COLORS.textPrimary },
  },
  typography: {
    fontFamily: [
      '"Open Sans"',
      // Open Sans has no Japanese glyphs: fall back to the platform's Japanese sans-serif.
      '"Hiragino Sans"',
      '"Noto Sans JP"',
      '"Yu Gothic"',
      'sans-serif',
    ].join(','),
    // Only the bundled weights (400, 600, 700) are used.
    fontWeightLight: 400,
    fontWeightRegular: 400,
    fontWeightMedium: 600,
    fontWeightBold: 700,
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'capitalize' },
  },
  components: {
    // A visitor whose system asks for less motion (a vestibular disorder, a migraine) gets none:
    // dialogs, drawers and menus appear at once, ripples and skeleton pulses stay still, and a
    // busy spinner is drawn once instead of spinning (WCAG 2.3.3). Durations are all but zero
    // rather than none, so the transition's end events that MUI's components wait for still fire.
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiFormHelperText: {
      styleOverrides: {
        root: { '&.Mui-error': { color: ERROR_TEXT_COLOR } },
      },
    },
    MuiFormLabel: {
      styleOverrides: {
        root: { '&.Mui-error': { color: ERROR_TEXT_COLOR } },
      },
    },
    MuiLink: {
      defaultProps: { color: PRIMARY_TEXT_COLOR },
    },
    // Text and outlined buttons, focused field labels and selected toggles draw their text in the
    // palette colour: the darker shades keep it readable (axe colour-contrast, see above).
    MuiButton: {
      styleOverrides: {
        root: {
          variants: [
            {
              props: { variant: 'text', color: 'primary' },
              style: { color: PRIMARY_TEXT_COLOR },
            },
            {
              props: { variant: 'outlined', color: 'primary' },
              style: { color: PRIMARY_TEXT_COLOR },
            },
            { props: { variant: 'text', color: 'error' }, style: { color: ERROR_TEXT_COLOR } },
            {
              props: { variant: 'outlined', color: 'error' },
              style: { color: ERROR_TEXT_COLOR },
            },
          ],
        },
      },
    },
    MuiInputLabel: {
      styleOverrides: {
        root: { '&.Mui-focused:not(.Mui-error)': { color: PRIMARY_TEXT_COLOR } },
      },
    },
    MuiToggleButton: {
      styleOverrides: {
        root: { '&.Mui-selected': { color: PRIMARY_TEXT_COLOR } },
      },
    },
  },
});

/** Menu typography of docs/product.md#constants: entries at 16px, sub-items at 12px. */
export const menuFontSize = { item: MENU_FONT_SIZE, subItem: SUBMENU_FONT_SIZE } as const;
