// Temporary: the ui slice was split (lib/snackbar-slice.ts, i18n/language-slice.ts,
// components/dialogs/search-dialog-slice.ts, app/shell/shell-slice.ts); removed once every import points there.

export { liveLanguageSet, selectLiveLanguage } from '../../i18n/language-slice';
export {
  type SnackbarType,
  selectSnackbar,
  snackbarAutoHideMs,
  snackbarHidden,
  snackbarShown,
} from '../../lib/snackbar-slice';
