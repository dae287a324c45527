import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  searchDialogOpened,
  selectSearchDialogOpen,
} from '../../../components/dialogs/search-dialog-slice';
import { loadOrRetry } from '../../../components/feedback/lazy-retry';
import { useLatched } from '../../../components/use-latched';
import { loadFeatureStrings } from '../../../i18n/i18n';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { SEARCH_SHORTCUT, useSearchShortcut, useTypeAhead } from '../search-shortcut';

// The dialog, its endpoint, the contract's schemas and its strings load on the first opening: the
// top bar is on every first visit, login included (decision 021).
const SiteSearchDialog = lazy(async () => ({
  default: await loadOrRetry(async () => {
    const [module] = await Promise.all([import('./site-search-dialog'), loadFeatureStrings()]);
    return module.SiteSearchDialog;
  }),
}));

/**
 * The top bar's search button (docs/product.md#search): it and the `/` key open the search
 * dialog, whose open state is the store's (searchDialog).
 */
export function SearchButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSearchDialogOpen);
  const mounted = useLatched(open);
  const openDialog = useCallback(() => dispatch(searchDialogOpened()), [dispatch]);
  useSearchShortcut(openDialog);
  // Until the dialog's field is there to take them, keys typed after `/` wait here.
  const [typedAhead, setTypedAhead] = useState('');
  const [dialogReady, setDialogReady] = useState(false);
  useTypeAhead(open && !dialogReady, setTypedAhead);
  const onDialogReady = useCallback(() => setDialogReady(true), []);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('layout.search')}
        aria-haspopup="dialog"
        aria-keyshortcuts={SEARCH_SHORTCUT}
        onClick={openDialog}
        data-testid="top-bar-search"
      >
        <SearchIcon />
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <SiteSearchDialog initialKeyword={typedAhead} onReady={onDialogReady} />
        </Suspense>
      )}
    </>
  );
}
