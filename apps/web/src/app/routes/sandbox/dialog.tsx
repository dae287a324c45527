import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { SearchDialog } from '../../../components/dialogs/search-dialog';
import { searchDialogOpened } from '../../../components/dialogs/search-dialog-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { SandboxPage } from './sandbox-page';

/** Sample names for the search dialog demo (searched in the browser, not on a server). */
const DEMO_NAMES = [
  'Ada Lovelace',
  'Frida Kahlo',
  'Hokusai Katsushika',
  'Mary Cassatt',
  'Yayoi Kusama',
];

/** /sandbox/dialog: the confirmation dialog and the search dialog. */
export function Component() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [answer, setAnswer] = useState<'confirmed' | 'cancelled' | null>(null);
  const [keyword, setKeyword] = useState('');
  const matches = DEMO_NAMES.filter((n) => n.toLowerCase().includes(keyword.toLowerCase()));
  return (
    <SandboxPage title={t('sandbox.dialog')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button variant="contained" onClick={() => setConfirmOpen(true)}>
          {t('sandbox.openConfirm')}
        </Button>
        <Typography role="status" data-testid="sandbox-confirm-result">
          {answer === 'confirmed'
            ? t('sandbox.confirmed')
            : answer === 'cancelled'
              ? t('sandbox.cancelled')
              : ''}
        </Typography>
        <Button variant="outlined" color="inherit" onClick={() => dispatch(searchDialogOpened())}>
          {t('sandbox.openSearch')}
        </Button>
        <Typography variant="body2">{t('sandbox.searchHint')}</Typography>
      </Stack>
      <ConfirmDialog
        open={confirmOpen}
        title={t('sandbox.confirmTitle')}
        message={t('sandbox.confirmMessage')}
        onConfirm={() => {
          setConfirmOpen(false);
          setAnswer('confirmed');
        }}
        onCancel={() => {
          setConfirmOpen(false);
          setAnswer('cancelled');
        }}
      />
      <SearchDialog onKeywordChange={setKeyword}>
        {matches.length === 0 ? (
          <Typography sx={{ py: 1 }}>{t('search.noResults')}</Typography>
        ) : (
          <List dense>
            {matches.map((name) => (
              <ListItem key={name}>
                <ListItemText primary={name} />
              </ListItem>
            ))}
          </List>
        )}
      </SearchDialog>
    </SandboxPage>
  );
}
