import type { GuestCustomer } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { useCreateGuestCustomerMutation, useUpdateGuestCustomerMutation } from '../customers-api';

/** Adds a walk-in customer or edits one: a name, and an e-mail and/or phone if they gave one. */
export function GuestCustomerFormDialog({
  guest,
  onClose,
  onSaved,
}: {
  guest?: GuestCustomer;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [create, creating] = useCreateGuestCustomerMutation();
  const [update, updating] = useUpdateGuestCustomerMutation();
  const busy = creating.isLoading || updating.isLoading;
  const form = useForm(
    {
      name: guest?.name ?? '',
      email: guest?.email ?? '',
      phone: guest?.phone ?? '',
      notes: guest?.notes ?? '',
    },
    { name: { required: true } },
  );
  const submit = form.handleSubmit(
    async (values) => {
      const fields = {
        name: values.name,
        email: values.email.trim() || null,
        phone: values.phone.trim() || null,
        notes: values.notes,
      };
      const saved = guest
        ? await update({ id: guest.id, fields }).unwrap()
        : await create(fields).unwrap();
      onSaved(t(guest ? 'customers.guestUpdated' : 'customers.guestCreated', { name: saved.name }));
      onClose();
    },
    { label: t('customers.saveFailed') },
  );
  return (
    <AppDialog
      open
      title={t(guest ? 'customers.guestEditTitle' : 'customers.guestCreateTitle')}
      onClose={busy ? () => undefined : onClose}
      testId="guest-customer-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="guest-customer-form" variant="contained" disabled={busy}>
            {t('customers.save')}
          </Button>
        </>
      }
    >
      <Box component="form" id="guest-customer-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={form.formMessages} />
          <TextField {...form.field('name')} label={t('customers.name')} fullWidth autoFocus />
          <TextField {...form.field('email')} label={t('customers.email')} type="email" fullWidth />
          <TextField {...form.field('phone')} label={t('customers.phone')} fullWidth />
          <TextField
            {...form.field('notes')}
            label={t('customers.notes')}
            multiline
            minRows={2}
            fullWidth
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}
