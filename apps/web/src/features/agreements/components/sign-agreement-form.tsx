import type { AccountAgreement } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { useSignAgreementMutation } from '../agreements-api';

/** Who an agreement row is for: the child's name, or the family. */
export function agreementHeading(row: AccountAgreement): string {
  return row.attendee_name ? `${row.title} — ${row.attendee_name}` : row.title;
}

/**
 * Signing one agreement (for the family or one child): its current text, the signer's typed full
 * name and "I agree" (docs/product.md#agreements). The server keeps the time, the address and the
 * exact version.
 */
export function SignAgreementForm({
  row,
  onSigned,
}: {
  row: AccountAgreement;
  onSigned?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const messages = useFormErrors({ fields: ['signer_name', 'agreed'] });
  const [sign, { isLoading }] = useSignAgreementMutation();
  const version = row.current_version;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!messages.check({ signer_name: name.trim() ? undefined : 'agreements.nameRequired' }))
      return;
    await messages.submit(
      async () => {
        await sign({
          agreement_version_id: version.id,
          attendee_profile_id: row.attendee_profile_id,
          signer_name: name,
          // The server refuses anything but true, with its own message beside the box.
          agreed: agreed as true,
        }).unwrap();
        onSigned?.();
      },
      { label: t('agreements.signFailed') },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      data-testid="sign-agreement-form"
      data-agreement={row.title}
    >
      <Stack spacing={1.5}>
        <Typography id={`${id}-title`} variant="h6" component="h3">
          {agreementHeading(row)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('agreements.versionLabel', { version: version.version })}
        </Typography>
        <Box
          tabIndex={0}
          role="document"
          aria-label={t('agreements.textLabel', { title: row.title })}
          sx={{
            whiteSpace: 'pre-wrap',
            maxHeight: 240,
            overflowY: 'auto',
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {version.body}
        </Box>
        <FormErrorAlert messages={messages.formMessages} />
        <TextField
          label={t('agreements.signerName')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            messages.clear('signer_name');
          }}
          required
          autoComplete="name"
          {...messages.helper('signer_name', t('agreements.signerNameHint'))}
        />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={agreed}
                onChange={(e) => {
                  setAgreed(e.target.checked);
                  messages.clear('agreed');
                }}
              />
            }
            label={t('agreements.iAgree')}
          />
          {messages.message('agreed') && (
            <FormHelperText error>{messages.message('agreed')}</FormHelperText>
          )}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('agreements.sign')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
