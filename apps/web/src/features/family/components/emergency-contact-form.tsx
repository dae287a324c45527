import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../../components/form/server-messages';
import { fieldErrors, handleError } from '../../../lib/api-client';
import { useSaveChildCardMutation } from '../family-api';

type Props = {
  userId: string;
  attendeeId: string;
  name: string;
  /** Called once the contact is saved (checkout then places the order again). */
  onSaved: () => void;
};

/**
 * One emergency contact for a child, asked for where it is missing (checkout refuses a child
 * without one, docs/product.md#the-childs-card). The rest of the card is on the family page.
 */
export function EmergencyContactForm({ userId, attendeeId, name, onSaved }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [contact, setContact] = useState({ name: '', relation: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSaveChildCardMutation();
  const message = (field: string) => {
    const text = errors[`emergency_contacts.0.${field}`];
    return text ? translateServerMessage(text, t) : undefined;
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save({ userId, id: attendeeId, card: { emergency_contacts: [contact] } }).unwrap();
      onSaved();
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else handleError(error, t('childCard.saveFailed'));
    }
  };
  const field = (key: 'name' | 'relation' | 'phone') => ({
    value: contact[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setContact((c) => ({ ...c, [key]: e.target.value })),
    error: Boolean(message(key)),
    size: 'small' as const,
  });
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      sx={{ p: 2 }}
      data-testid="checkout-emergency-contact"
    >
      <Typography id={titleId} sx={{ fontWeight: 600, mb: 1 }}>
        {t('childCard.checkoutNeeded', { name })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <TextField
          {...field('name')}
          label={t('childCard.name')}
          helperText={message('name')}
          slotProps={{ htmlInput: { 'data-testid': 'checkout-contact-name' } }}
        />
        <TextField
          {...field('relation')}
          label={t('childCard.relation')}
          helperText={message('relation')}
          slotProps={{ htmlInput: { 'data-testid': 'checkout-contact-relation' } }}
        />
        <TextField
          {...field('phone')}
          type="tel"
          label={t('childCard.phone')}
          helperText={message('phone') ?? t('childCard.phoneHint')}
          slotProps={{ htmlInput: { 'data-testid': 'checkout-contact-phone' } }}
        />
      </Stack>
      <Button
        type="submit"
        variant="contained"
        disabled={saving.isLoading}
        data-testid="checkout-contact-save"
      >
        {t('childCard.checkoutSave')}
      </Button>
    </Paper>
  );
}
