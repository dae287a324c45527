import { LEDGER_API, STATEMENT_YEAR_MIN } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../lib/api-client';
import { useDownloadFileMutation } from '../../../lib/file-download-api';
import { useAccountLedgerQuery } from '../ledger-api';
import { LedgerStatement } from './ledger-statement';

/** How many years back a family may pick a statement of, this year included. */
const STATEMENT_YEARS = 6;

/** This year and the few before it, newest first. */
export function statementYears(now: number = Date.now()): number[] {
  const current = new Date(now).getFullYear();
  return Array.from({ length: STATEMENT_YEARS }, (_, i) => current - i).filter(
    (year) => year >= STATEMENT_YEAR_MIN,
  );
}

/**
 * A year's statement as a PDF to file (docs/product.md#receipts): every entry of the year, the
 * balance, and what was paid for each child.
 */
function StatementDownload() {
  const { t } = useTranslation();
  const years = statementYears();
  const [year, setYear] = useState(years[0] ?? STATEMENT_YEAR_MIN);
  const [download, { isLoading }] = useDownloadFileMutation();
  const onDownload = async () => {
    try {
      await download({
        url: LEDGER_API.accountStatementPdf,
        params: { year },
        filename: `statement-${year}.pdf`,
      }).unwrap();
    } catch (error) {
      handleError(error, t('ledger.downloadFailed'));
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
      <TextField
        select
        size="small"
        label={t('ledger.statementYear')}
        value={year}
        onChange={(event) => setYear(Number(event.target.value))}
        slotProps={{ htmlInput: { 'data-testid': 'statement-year' } }}
      >
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        onClick={() => void onDownload()}
        disabled={isLoading}
        data-testid="statement-pdf"
      >
        {t('ledger.downloadStatement', { year })}
      </Button>
    </Stack>
  );
}

/** The signed-in family's balance and statement, under its orders on /orders. */
export function FamilyLedger() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isError } = useAccountLedgerQuery(page);
  return (
    <Box component="section" aria-labelledby="family-ledger-title" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" id="family-ledger-title">
        {t('ledger.title')}
      </Typography>
      <StatementDownload />
      <LedgerStatement
        data={data}
        isError={isError}
        page={page}
        onPage={setPage}
        testId="family-ledger"
      />
    </Box>
  );
}
