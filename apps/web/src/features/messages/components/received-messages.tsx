import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageCount } from '../../../lib/paged-list';
import { formatMessageTime } from '../message-format';
import { useReceivedMessagesQuery } from '../messages-api';
import { ReceivedMessageDialog } from './received-message-dialog';

/** The query parameter that opens one message (`/classes?message={id}`: the mail's and the notification's link). */
const OPEN = 'message';

/**
 * A family's class messages on /classes (docs/product.md#class-messages), newest first, the
 * unread ones marked; opening one (or arriving by its link) shows it and counts as reading it.
 */
export function ReceivedMessages({ zone }: { zone: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const { data, isError } = useReceivedMessagesQuery(page);
  const openId = params.get(OPEN);

  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(OPEN, id);
      else next.delete(OPEN);
      return next;
    });

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="received-messages-title"
      sx={{ p: 2, my: 2 }}
      data-testid="received-messages"
    >
      <Stack spacing={1}>
        <Typography id="received-messages-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('classMessages.received.title')}
        </Typography>
        {isError && <Alert severity="error">{t('classMessages.received.loadFailed')}</Alert>}
        {data && data.items.length === 0 && (
          <Typography color="text.secondary">{t('classMessages.received.empty')}</Typography>
        )}
        {data && data.items.length > 0 && (
          <List aria-label={t('classMessages.received.label')} disablePadding>
            {data.items.map((m) => (
              // A list holds list items only (axe): the button sits inside one.
              <ListItem key={m.id} disablePadding>
                <ListItemButton
                  onClick={() => open(m.id)}
                  data-testid="received-message"
                  data-unread={m.read_at === null ? 'true' : 'false'}
                >
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                        <Box
                          component="span"
                          sx={{ fontWeight: m.read_at === null ? 'bold' : 'normal' }}
                        >
                          {m.title}
                        </Box>
                        {m.read_at === null && (
                          <Chip
                            label={t('classMessages.received.new')}
                            size="small"
                            color="primary"
                          />
                        )}
                      </Box>
                    }
                    secondary={[
                      m.sender
                        ? t('classMessages.received.from', { name: m.sender.name })
                        : t('classMessages.received.fromSchool'),
                      m.klass_group_schedule
                        ? t('classMessages.received.about', {
                            programme: m.klass_group_schedule.klass_group_name,
                          })
                        : null,
                      formatMessageTime(m.created_at, zone, i18n.language),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {data && data.meta.total > data.meta.per_page && (
          <Pagination
            page={page}
            count={pageCount(data.meta)}
            onChange={(_event, next) => setPage(next)}
          />
        )}
      </Stack>
      {openId && <ReceivedMessageDialog id={openId} zone={zone} onClose={() => open(null)} />}
    </Paper>
  );
}
