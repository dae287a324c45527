import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { type Theme, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode } from 'react';

/** One column: its header and what a row shows in it. */
export type TableColumn<Row> = {
  /** Unique among the table's columns; a cell or card field carries it as `data-column`. */
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
};

export type ResponsiveTableProps<Row> = {
  /** The table's accessible name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Data attributes of a row (`data-testid`, `data-status`, …): on its `<tr>` or its card. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** A last column of buttons: its header, and a row's buttons. */
  actions?: { header: string; render: (row: Row) => ReactNode };
  /** Shown in place of the rows when there are none (loading, empty, no match). */
  placeholder?: ReactNode;
  busy?: boolean;
  testId?: string;
};

/**
 * Below this width a table of several columns cannot fit (docs/decisions/053-tables-become-cards-on-phones.md):
 * theme's `sm`, so phones get cards and tablets keep the table.
 */
export const cardLayoutQuery = (theme: Theme) => theme.breakpoints.down('sm');

/** The actions column stays in view while a table wider than its screen scrolls sideways. */
const pinnedRight = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `-1px 0 0 ${theme.palette.divider}`,
} as const;

/**
 * A list of rows drawn as a table, or on a phone as one card per row, each column a labelled
 * field, so no column ends up out of sight in a sideways scroll. The admin lists (AdminTable) and
 * any other table of several columns use it.
 */
export function ResponsiveTable<Row>(props: ResponsiveTableProps<Row>) {
  const theme = useTheme();
  const cards = useMediaQuery(cardLayoutQuery(theme), { noSsr: true });
  return cards ? <RowCards {...props} /> : <RowTable {...props} />;
}

function RowTable<Row>({
  label,
  labelledBy,
  columns,
  rows,
  rowKey,
  rowData,
  actions,
  placeholder,
  busy = false,
  testId,
}: ResponsiveTableProps<Row>) {
  const width = columns.length + (actions ? 1 : 0);
  return (
    // Between the phone and the desktop a wide table scrolls sideways inside its container,
    // never the page, with the actions pinned at its right edge.
    <TableContainer sx={{ overflowX: 'auto' }} data-testid="admin-table-scroll">
      <Table
        size="small"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-busy={busy}
        data-testid={testId}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align}>
                {column.header}
              </TableCell>
            ))}
            {actions && (
              <TableCell align="right" sx={pinnedRight}>
                {actions.header}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} {...rowData?.(row)}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} data-column={column.key}>
                  {column.render(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell
                  align="right"
                  sx={{ ...pinnedRight, whiteSpace: 'nowrap' }}
                  data-testid="admin-table-actions"
                >
                  {actions.render(row)}
                </TableCell>
              )}
            </TableRow>
          ))}
          {rows.length === 0 && placeholder && (
            <TableRow>
              <TableCell colSpan={width}>{placeholder}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RowCards<Row>({
  label,
  labelledBy,
  columns,
  rows,
  rowKey,
  rowData,
  actions,
  placeholder,
  busy = false,
  testId,
}: ResponsiveTableProps<Row>) {
  return (
    <Stack
      component="ul"
      spacing={1}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-busy={busy}
      data-testid={testId}
      data-layout="cards"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {rows.map((row) => (
        <Paper
          component="li"
          variant="outlined"
          key={rowKey(row)}
          sx={{ p: 1.5 }}
          {...rowData?.(row)}
        >
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              typography: 'body2',
            }}
          >
            {columns.map((column) => (
              <Fragment key={column.key}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {column.header}
                </Box>
                <Box
                  component="dd"
                  data-column={column.key}
                  sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {column.render(row)}
                </Box>
              </Fragment>
            ))}
          </Box>
          {actions && (
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', mt: 0.5 }}
              data-testid="admin-table-actions"
            >
              {actions.render(row)}
            </Box>
          )}
        </Paper>
      ))}
      {rows.length === 0 && placeholder && <li>{placeholder}</li>}
    </Stack>
  );
}
