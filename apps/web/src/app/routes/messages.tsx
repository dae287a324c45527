import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { SendMessageForm, SentMessages } from '../../features/messages';
import { selectUser } from '../../features/session';
import { useAppSelector } from '../../lib/store-hooks';
import { timeZoneOf } from '../../lib/zoned-time';

/** /messages (teachers and admins): write to a class, a session or families; the messages sent. */
export function Component() {
  const { t } = useTranslation();
  const zone = timeZoneOf(useAppSelector(selectUser));
  return (
    <section>
      <PageTitle title={t('pages.messages')} />
      <Stack spacing={4}>
        <SendMessageForm />
        <SentMessages zone={zone} />
      </Stack>
    </section>
  );
}
