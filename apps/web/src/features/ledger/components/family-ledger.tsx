import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountLedgerQuery } from '../ledger-api';
import { LedgerStatement } from './ledger-statement';

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
