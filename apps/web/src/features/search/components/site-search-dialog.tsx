import {
  SEARCH_GROUPS,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  type SearchGroup,
  type SearchResult,
} from '@atelier/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchDialog } from '../../../components/dialogs/search-dialog';
import {
  searchDialogClosed,
  selectSearchDialogOpen,
} from '../../../components/dialogs/search-dialog-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { type SearchAnswer, useSearchQuery } from '../search-api';
import { useResultDetail } from './result-detail';

/** How long typing must pause before the search is sent: one request per burst of keys. */
export const SEARCH_DEBOUNCE_MS = 250;

type Listed = { result: SearchResult; index: number };

/** The results by group, in the dialog's order, each with its place in the arrow-key order. */
function grouped(results: SearchResult[]): { group: SearchGroup; items: Listed[] }[] {
  let index = 0;
  return SEARCH_GROUPS.map((group) => ({
    group,
    items: results.filter((r) => r.group === group).map((result) => ({ result, index: index++ })),
  })).filter((g) => g.items.length > 0);
}

/**
 * The search dialog (docs/product.md#search): a combobox over grouped results. Typing searches
 * after a pause; ArrowUp and ArrowDown move the active result, Enter opens it (the first one when
 * none is chosen), a click opens any; opening one closes the dialog. Escape closes it too.
 */
export function SiteSearchDialog({
  initialKeyword = '',
  onReady,
}: {
  /** What was typed while the dialog was loading (search-shortcut.ts useTypeAhead). */
  initialKeyword?: string;
  /** Called once the dialog is mounted: from then on its field takes the keys. */
  onReady?: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const role = useAppSelector(selectUser)?.role ?? null;
  const detail = useResultDetail(timeZoneOf(useAppSelector(selectUser)));
  const baseId = useId();
  const listId = `${baseId}-results`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [keyword, setKeyword] = useState(initialKeyword.trim());
  useEffect(() => onReady?.(), [onReady]);
  const q = useDebouncedValue(keyword, SEARCH_DEBOUNCE_MS);
  // A closed dialog holds no query: nothing is fetched again behind it (after a sign-in, say).
  const skip = !useAppSelector(selectSearchDialogOpen) || q.length < SEARCH_QUERY_MIN;
  const { currentData, data, isFetching, isError } = useSearchQuery(q, { skip });
  // While the next keyword is on its way, the last results stay rather than flicker away.
  const answer: SearchAnswer | undefined =
    skip || keyword.length < SEARCH_QUERY_MIN
      ? undefined
      : (currentData ?? (isFetching ? data : undefined));
  const groups = grouped(answer?.results ?? []);
  const ordered = groups.flatMap((g) => g.items.map((i) => i.result));
  // The active result belongs to the answer it was chosen in: new results start with none.
  const [cursor, setCursor] = useState<{ of: SearchAnswer | undefined; index: number }>({
    of: undefined,
    index: -1,
  });
  const active = cursor.of === answer ? cursor.index : -1;
  const fresh = keyword === q && currentData !== undefined;

  const choose = (index: number) => {
    setCursor({ of: answer, index });
    document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' });
  };
  const open = (result: SearchResult) => {
    dispatch(searchDialogClosed());
    navigate(result.path);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const n = ordered.length;
    if (event.key === 'ArrowDown' && n > 0) {
      event.preventDefault();
      choose(active < 0 ? 0 : (active + 1) % n);
    } else if (event.key === 'ArrowUp' && n > 0) {
      event.preventDefault();
      choose(active <= 0 ? n - 1 : active - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // With none chosen, Enter takes the first result of what was typed, not of an older answer.
      const target = active >= 0 ? ordered[active] : fresh ? ordered[0] : undefined;
      if (target) open(target);
    }
  };

  const hint =
    role === 'admin'
      ? t('siteSearch.hint.admin')
      : role === 'teacher'
        ? t('siteSearch.hint.teacher')
        : t('siteSearch.hint.everyone');
  const status =
    keyword.length < SEARCH_QUERY_MIN
      ? hint
      : isError && !isFetching
        ? t('siteSearch.failed')
        : !answer
          ? t('siteSearch.searching')
          : ordered.length === 0
            ? t('siteSearch.noResults', { keyword: q })
            : t('siteSearch.count', { count: ordered.length });

  return (
    <SearchDialog
      initialKeyword={initialKeyword}
      onKeywordChange={setKeyword}
      onInputKeyDown={onKeyDown}
      inputAttributes={{
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': ordered.length > 0,
        'aria-controls': ordered.length > 0 ? listId : undefined,
        'aria-activedescendant': active >= 0 ? optionId(active) : undefined,
        maxLength: SEARCH_QUERY_MAX,
      }}
    >
      <Typography
        role="status"
        variant="body2"
        color="text.secondary"
        data-testid="search-status"
        sx={{ mb: 1 }}
      >
        {status}
      </Typography>
      {ordered.length > 0 && (
        <Box
          role="listbox"
          id={listId}
          aria-label={t('siteSearch.results')}
          sx={{ opacity: isFetching ? 0.6 : 1 }}
        >
          {groups.map(({ group, items }) => (
            <Box
              key={group}
              role="group"
              aria-labelledby={`${baseId}-${group}`}
              data-testid={`search-group-${group}`}
              sx={{ mb: 1 }}
            >
              <Typography
                id={`${baseId}-${group}`}
                variant="overline"
                component="div"
                color="text.secondary"
              >
                {t(`siteSearch.groups.${group}`)}
              </Typography>
              {items.map(({ result, index }) => (
                <Box
                  key={`${result.type}-${result.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  data-testid="search-result"
                  // The field keeps the focus (and with it the keyboard) while a result is clicked.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => open(result)}
                  onMouseMove={() => index !== active && setCursor({ of: answer, index })}
                  sx={{
                    px: 1.5,
                    py: 0.75,
                    borderRadius: 1,
                    cursor: 'pointer',
                    bgcolor: index === active ? 'action.selected' : undefined,
                  }}
                >
                  <Typography
                    component="div"
                    sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
                  >
                    {result.label}
                    {result.group === 'programmes' && !result.published && (
                      <Chip label={t('siteSearch.unpublished')} size="small" />
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" component="div">
                    {detail(result)}
                  </Typography>
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      )}
      {ordered.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('siteSearch.keys')}
        </Typography>
      )}
    </SearchDialog>
  );
}
