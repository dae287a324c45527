import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePagination } from '../page-pagination';

/** A search waits for typing to pause this long before it asks the server. */
export const SEARCH_DELAY_MS = 300;

/** The actions column stays in view while a narrow screen scrolls the table sideways. */
const pinnedRight = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `-1px 0 0 ${theme.palette.divider}`,
} as const;

/** One column: its header and what a row shows in it. */
export type AdminColumn<Row> = {
  /** Unique among the table's columns. */
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
};

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
  /** Data attributes of a row's `<tr>` (`data-testid`, `data-status`, …). */
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
 * The admin list: a toolbar (search, new), the table with a row's actions (its own, edit,
 * delete), loading, empty and no-match states, and paging. Generic over the row; every text comes
 * in through the props or the kit's strings (`admin.table`).
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
  const width = columns.length + (hasActions ? 1 : 0);
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
      {/* A table wider than a phone scrolls sideways inside its container, never the page, and
          the actions column stays pinned at its right edge so the buttons are always in reach. */}
      <TableContainer sx={{ overflowX: 'auto' }} data-testid="admin-table-scroll">
        <Table size="small" aria-label={label} aria-busy={loading} data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align}>
                  {column.header}
                </TableCell>
              ))}
              {hasActions && (
                <TableCell align="right" sx={pinnedRight}>
                  {t('admin.table.actions')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const name = rowName(row);
              return (
                <TableRow key={rowKey(row)} {...rowData?.(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                  {hasActions && (
                    <TableCell
                      align="right"
                      sx={{ ...pinnedRight, whiteSpace: 'nowrap' }}
                      data-testid="admin-table-actions"
                    >
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
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={width}>
                  <Typography sx={{ my: 1 }}>{message}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
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
