import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePagination } from '../page-pagination';
import { ResponsiveTable, type TableColumn } from './responsive-table';

/** A search waits for typing to pause this long before it asks the server. */
export const SEARCH_DELAY_MS = 300;

/** One column: its header and what a row shows in it. */
export type AdminColumn<Row> = TableColumn<Row>;

/**
 * How the list pages: numbered pages (keep the page in the URL with `usePageParam`), or a list
 * that grows by "Load more" (`onLoadMore` null once everything is shown).
 */
export type AdminPaging =
  | { kind: 'pages'; page: number; pageCount: number; onPageChange: (page: number) => void }
  | { kind: 'more'; shown: number; total: number; onLoadMore: (() => void) | null };

export type AdminTableProps<Row> = {
  /** The table's accessible name. */
  label: string;
  columns: AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Names a row in its buttons' accessible names ('Delete Comics Drawing'). */
  rowName: (row: Row) => string;
  /** Data attributes of a row's `<tr>` or phone card (`data-testid`, `data-status`, …). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** True while the rows are being fetched: no empty message, a loading row if there are none. */
  loading?: boolean;
  /** Shown above the table when the list could not be loaded. */
  loadError?: string | null;
  /** Shown in the table when there are no rows (and `noMatchText` while a search is on). */
  emptyText: string;
  noMatchText?: string;
  /** A labelled search field; `onSearch` gets the trimmed term once typing pauses. */
  search?: { label: string; onSearch: (term: string) => void };
  create?: { label: string; onClick: () => void };
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  /** More buttons of a row, before its edit and delete buttons. */
  rowActions?: (row: Row) => ReactNode;
  paging?: AdminPaging;
  testId?: string;
};

/**
 * The admin list: a toolbar (search, new), the table (cards on a phone) with a row's actions
 * (its own, edit, delete), loading, empty and no-match states, and paging. Generic over the row;
 * every text comes in through the props or the kit's strings (`admin.table`).
 */
export function AdminTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowName,
  rowData,
  loading = false,
  loadError,
  emptyText,
  noMatchText,
  search,
  create,
  onEdit,
  onDelete,
  rowActions,
  paging,
  testId,
}: AdminTableProps<Row>) {
  const { t } = useTranslation();
  const term = useSearchTerm(search?.onSearch);
  const hasActions = Boolean(onEdit || onDelete || rowActions);
  const message = loading
    ? t('common.loading')
    : term.value && noMatchText
      ? noMatchText
      : emptyText;

  return (
    <Box>
      {(search || create) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { sm: 'center' } }}
        >
          {search && (
            <TextField
              type="search"
              label={search.label}
              value={term.typed}
              onChange={(event) => term.type(event.target.value)}
              size="small"
              sx={{ minWidth: 280 }}
            />
          )}
          <Box sx={{ flexGrow: 1 }} />
          {create && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={create.onClick}>
              {create.label}
            </Button>
          )}
        </Stack>
      )}
      {loadError && <Alert severity="error">{loadError}</Alert>}
      <ResponsiveTable<Row>
        label={label}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        rowData={rowData}
        busy={loading}
        testId={testId}
        placeholder={<Typography sx={{ my: 1 }}>{message}</Typography>}
        actions={
          hasActions
            ? {
                header: t('admin.table.actions'),
                render: (row) => {
                  const name = rowName(row);
                  return (
                    <>
                      {rowActions?.(row)}
                      {onEdit && (
                        <IconButton
                          aria-label={t('admin.table.edit', { name })}
                          onClick={() => onEdit(row)}
                        >
                          <EditIcon />
                        </IconButton>
                      )}
                      {onDelete && (
                        <IconButton
                          aria-label={t('admin.table.delete', { name })}
                          onClick={() => onDelete(row)}
                        >
                          <DeleteIcon />
                        </IconButton>
                      )}
                    </>
                  );
                },
              }
            : undefined
        }
      />
      {paging && <Paging paging={paging} hasRows={rows.length > 0} loading={loading} />}
    </Box>
  );
}

function Paging({
  paging,
  hasRows,
  loading,
}: {
  paging: AdminPaging;
  hasRows: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation();
  if (paging.kind === 'pages') {
    return (
      <PagePagination count={paging.pageCount} page={paging.page} onChange={paging.onPageChange} />
    );
  }
  return (
    <>
      {/* A live region, so a screen reader hears the count grow after "Load more". */}
      <Box role="status" sx={{ my: 2 }}>
        {hasRows && (
          <Typography variant="body2" color="text.secondary">
            {t('admin.table.shown', { shown: paging.shown, total: paging.total })}
          </Typography>
        )}
      </Box>
      {paging.onLoadMore && !loading && (
        <Button variant="outlined" onClick={paging.onLoadMore}>
          {t('admin.table.loadMore')}
        </Button>
      )}
    </>
  );
}

/** The typed search text and the term last handed to `onSearch` (after a pause in typing). */
function useSearchTerm(onSearch: ((term: string) => void) | undefined) {
  const [typed, setTyped] = useState('');
  const [value, setValue] = useState('');
  // The latest callback, so a screen re-rendering while the user types does not restart the wait.
  const latest = useRef(onSearch);
  latest.current = onSearch;

  useEffect(() => {
    const next = typed.trim();
    if (next === value) return;
    const timer = setTimeout(() => {
      setValue(next);
      latest.current?.(next);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, value]);

  return { typed, value, type: setTyped };
}
