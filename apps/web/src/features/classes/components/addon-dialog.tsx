import type { FlatAddon } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { clientConfig } from '../../../lib/client-config';
import { centsToDollars, currencySymbol } from '../../../lib/money';
import { type AddonFormValues, addonBody, validateAddonForm } from '../addon-form';
import { useAddAddonMutation, useUpdateAddonMutation } from '../classes-api';

type Props = {
  scheduleId: string;
  /** The add-on to edit; absent to add one. */
  addon?: FlatAddon;
  onClose: () => void;
  onSaved: (message: string) => void;
};

/** Adds or edits one of a schedule's add-ons: a name and a price typed in dollars. */
export function AddonDialog({ scheduleId, addon, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<AddonFormValues>(() =>
    addon
      ? {
          name: addon.name,
          price: centsToDollars(addon.price),
          name_ja: addon.translations?.ja?.name ?? '',
        }
      : { name: '', price: '', name_ja: '' },
  );
  const messages = useFormErrors({ fields: ['name', 'translations.ja.name', 'price'] });
  const [addAddon, adding] = useAddAddonMutation();
  const [updateAddon, updating] = useUpdateAddonMutation();
  const busy = adding.isLoading || updating.isLoading;
  const symbol = currencySymbol(clientConfig().currency, i18n.language);

  const set = (name: keyof AddonFormValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    messages.clear(name === 'name_ja' ? 'translations.ja.name' : name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!messages.check(validateAddonForm(values))) return;
    const fields = addonBody(values);
    await messages.submit(
      async () => {
        if (addon) await updateAddon({ id: addon.id, scheduleId, fields }).unwrap();
        else await addAddon({ scheduleId, fields }).unwrap();
        onSaved(t(addon ? 'manageClasses.addons.updated' : 'manageClasses.addons.added'));
        onClose();
      },
      { label: t('manageClasses.addons.saveFailed') },
    );
  };

  return (
    <AppDialog
      open
      title={t(addon ? 'manageClasses.addons.editTitle' : 'manageClasses.addons.addTitle')}
      onClose={busy ? () => undefined : onClose}
      testId="addon-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="addon-form" variant="contained" disabled={busy}>
            {t('manageClasses.addons.save')}
          </Button>
        </>
      }
    >
      <Box component="form" id="addon-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={messages.formMessages} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('manageClasses.addons.name')}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              required
              fullWidth
              autoFocus
              {...messages.helper('name')}
            />
            <TextField
              label={t('manageClasses.translations.nameJa')}
              value={values.name_ja}
              onChange={(e) => set('name_ja', e.target.value)}
              fullWidth
              slotProps={{ htmlInput: { lang: 'ja' } }}
              {...messages.helper('translations.ja.name', t('manageClasses.translations.hint'))}
            />
          </Stack>
          <TextField
            label={t('manageClasses.addons.price')}
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
            required
            fullWidth
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">{symbol}</InputAdornment> },
            }}
            {...messages.helper('price', t('manageClasses.addons.priceHint'))}
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}
