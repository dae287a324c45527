import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { SandboxPage } from './sandbox-page';

/** /sandbox/form: the kit's form rules with the generic 'Required' / 'Invalid input' messages. */
export function Component() {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState<Record<'name' | 'email' | 'age', string> | null>(null);
  const { field, handleSubmit } = useForm(
    { name: '', email: '', age: '' },
    {
      name: { required: true },
      email: { required: true, email: true },
      age: { integer: { min: 1, max: 120 } },
    },
  );
  return (
    <SandboxPage title={t('sandbox.form')}>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((values) => setSubmitted(values))}
        sx={{ maxWidth: 400 }}
        data-testid="sandbox-form"
      >
        <Stack spacing={1}>
          <TextInput {...field('name')} label={t('sandbox.formName')} autoComplete="name" />
          <TextInput
            {...field('email')}
            type="email"
            label={t('sandbox.formEmail')}
            autoComplete="email"
          />
          <TextInput {...field('age')} label={t('sandbox.formAge')} inputMode="numeric" />
          <Box>
            <Button type="submit" variant="contained">
              {t('sandbox.formSubmit')}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Box role="status" sx={{ mt: 2 }}>
        {submitted && (
          <Alert severity="success">
            {t('sandbox.formSubmitted', { ...submitted, age: submitted.age || '—' })}
          </Alert>
        )}
      </Box>
    </SandboxPage>
  );
}
