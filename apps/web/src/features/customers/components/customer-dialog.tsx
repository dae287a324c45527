import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { CustomerLedger } from '../../ledger';
import { ChangeClassButton } from '../../transfers';
import { useCustomerQuery, useUpdateCustomerMutation } from '../customers-api';
import { CustomerOrders, useDay } from './customer-history';

/** One account holder: lifetime value, family, orders, enrollments, and name and zone to edit. */
export function CustomerDialog({
  id,
  name,
  onClose,
}: {
  id: string;
  /** The title while the customer loads (a link to one not on the page has none yet). */
  name?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { data } = useCustomerQuery(id);
  return (
    <AppDialog
      open
      title={name ?? data?.name ?? t('customers.loading')}
      onClose={onClose}
      testId="customer-dialog"
      maxWidth="md"
    >
      {!data ? (
        <CircularProgress aria-label={t('customers.loading')} />
      ) : (
        <Stack spacing={2}>
          <Typography data-testid="lifetime-value">
            {t('customers.lifetimeValueText', {
              value: formatCents(data.lifetime_value, clientConfig().currency, i18n.language),
            })}
          </Typography>
          <Typography>{data.email}</Typography>
          <ContactForm
            id={id}
            initial={{ name: data.name, time_zone: data.time_zone ?? '' }}
            key={`${data.name}|${data.time_zone}`}
          />
          <Section title={t('customers.family')}>
            <List dense aria-label={t('customers.family')}>
              {data.family.map((a) => (
                <ListItem key={a.id} disableGutters>
                  <ListItemText primary={a.name} secondary={a.birthday ?? undefined} />
                </ListItem>
              ))}
            </List>
          </Section>
          <Section title={t('customers.orders')}>
            <CustomerOrders orders={data.orders} />
          </Section>
          <Section title={t('customers.enrollments')}>
            <Enrollments items={data.enrollments} />
          </Section>
          <Section title={t('customers.ledger')}>
            <CustomerLedger customerId={id} />
          </Section>
        </Stack>
      )}
    </AppDialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Enrollments({
  items,
}: {
  items: {
    id: string;
    attendee_name: string;
    programme: string;
    schedule: string;
    status: string;
    created_at: string;
  }[];
}) {
  const { t } = useTranslation();
  const day = useDay();
  if (items.length === 0)
    return <Typography color="text.secondary">{t('customers.noEnrollments')}</Typography>;
  return (
    <List dense aria-label={t('customers.enrollments')}>
      {items.map((e) => (
        <ListItem
          key={e.id}
          disableGutters
          secondaryAction={
            // Staff move a child to another class (docs/product.md#transfers).
            e.status === 'active' ? (
              <ChangeClassButton
                enrollmentId={e.id}
                childName={e.attendee_name}
                fromLabel={`${e.programme} (${e.schedule})`}
                asStaff
              />
            ) : undefined
          }
        >
          <ListItemText
            primary={t('customers.enrollmentLine', {
              attendee: e.attendee_name,
              programme: e.programme,
              schedule: e.schedule,
            })}
            secondary={[
              day(e.created_at),
              e.status === 'moved'
                ? t('customers.moved')
                : e.status === 'cancelled'
                  ? t('customers.cancelled')
                  : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** Name and time zone; the e-mail is the person's own to change (decision 033). */
function ContactForm({
  id,
  initial,
}: {
  id: string;
  initial: { name: string; time_zone: string };
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateCustomerMutation();
  const form = useForm(initial, { name: { required: true } });
  return (
    <Box
      component="form"
      noValidate
      aria-label={t('customers.contact')}
      onSubmit={form.handleSubmit(
        async (values) => {
          await update({
            id,
            fields: { name: values.name, time_zone: values.time_zone.trim() || null },
          }).unwrap();
          dispatch(snackbarShown({ content: t('customers.saved'), type: 'success' }));
        },
        { label: t('customers.saveFailed') },
      )}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <FormErrorAlert messages={form.formMessages} />
        <TextField {...form.field('name')} label={t('customers.name')} fullWidth />
        <TextField
          {...form.field('time_zone')}
          label={t('customers.timeZone')}
          placeholder="America/New_York"
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('customers.save')}
        </Button>
      </Stack>
    </Box>
  );
}
