import type { ResourceDeclaration, ResourceField } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/i18n';
import { clientConfig } from '../../lib/client-config';
import { currencySymbol } from '../../lib/money';
import { AppDialog } from '../dialogs/app-dialog';
import { FormErrorAlert } from '../form/form-error-alert';
import { useForm } from '../form/use-form';
import {
  resourceFormBody,
  resourceFormRules,
  resourceFormValues,
  translationName,
} from './resource-form';

export type ResourceFormDialogProps = {
  resource: ResourceDeclaration;
  /** The row edited, or none for a new one. */
  row?: Record<string, unknown>;
  title: string;
  saveLabel: string;
  /** The label of a failed save's message. */
  failedLabel: string;
  /** Sends the body's fields; answers what was saved. */
  save: (fields: Record<string, unknown>) => Promise<unknown>;
  onSaved: (saved: unknown) => void;
  onClose: () => void;
  /** What the form says above its fields (a plan in use: the new price applies there too). */
  notice?: ReactNode;
  testId: string;
};

/**
 * The form of a declared resource (docs/architecture.md#adding-a-resource): a control per field
 * (text, multi-line, money in the currency, a whole number, a choice, a tick box), checked by the
 * one form hook; a translatable text shows English and Japanese side by side. Text fields come
 * first, one a line; the others share a line on a wide screen.
 */
export function ResourceFormDialog({
  resource,
  row,
  title,
  saveLabel,
  failedLabel,
  save,
  onSaved,
  onClose,
  notice,
  testId,
}: ResourceFormDialogProps) {
  const { t, i18n } = useTranslation();
  const fields = resource.fields;
  const form = useForm(resourceFormValues(fields, row), resourceFormRules(fields));
  const busy = form.submitting;
  const symbol = currencySymbol(clientConfig().currency, i18n.language);
  const formId = `${testId}-form`;
  const label = (field: ResourceField) => t(field.label as MessageKey);

  const submit = form.handleSubmit(
    async (values) => {
      const saved = await save(resourceFormBody(fields, values));
      onSaved(saved);
      onClose();
    },
    { label: failedLabel },
  );

  const control = (name: string, field: ResourceField, autoFocus: boolean): ReactNode => {
    const props = form.field(name);
    const hint = field.hint && !props.error ? { helperText: t(field.hint as MessageKey) } : {};
    const common = { ...props, ...hint, label: label(field), fullWidth: true, autoFocus };
    switch (field.kind) {
      case 'boolean':
        return (
          <FormControlLabel
            key={name}
            label={label(field)}
            control={
              <Checkbox
                name={name}
                checked={props.value === 'true'}
                onChange={(event) => form.setValue(name, String(event.target.checked))}
              />
            }
          />
        );
      case 'enum':
        return (
          <TextField key={name} {...common} select>
            {(field.options ?? []).map((option) => (
              <MenuItem key={option} value={option}>
                {field.optionLabels ? t(`${field.optionLabels}.${option}` as MessageKey) : option}
              </MenuItem>
            ))}
          </TextField>
        );
      case 'money':
        return (
          <TextField
            key={name}
            {...common}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: {
                startAdornment: <InputAdornment position="start">{symbol}</InputAdornment>,
              },
            }}
          />
        );
      case 'number':
        return (
          <TextField key={name} {...common} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        );
      default: {
        const text = (
          <TextField
            key={name}
            {...common}
            type={field.inputType}
            multiline={field.kind === 'multiline'}
            minRows={field.kind === 'multiline' ? 2 : undefined}
          />
        );
        if (!field.translatable) return text;
        const inLanguage = (language: 'en' | 'ja') =>
          t('admin.form.inLanguage', {
            label: label(field),
            language: t(`admin.form.languages.${language}`),
          });
        return (
          <Stack key={name} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...common}
              label={inLanguage('en')}
              multiline={field.kind === 'multiline'}
            />
            <TextField
              {...form.field(translationName(name))}
              label={inLanguage('ja')}
              fullWidth
              multiline={field.kind === 'multiline'}
              slotProps={{ htmlInput: { lang: 'ja' } }}
            />
          </Stack>
        );
      }
    }
  };

  const entries = Object.entries(fields);
  const isText = ([, f]: [string, ResourceField]) => f.kind === 'text' || f.kind === 'multiline';
  const texts = entries.filter(isText);
  const others = entries.filter((e) => !isText(e));
  const first = entries[0]?.[0];

  return (
    <AppDialog
      open
      title={title}
      onClose={busy ? () => undefined : onClose}
      testId={testId}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="contained" disabled={busy}>
            {saveLabel}
          </Button>
        </>
      }
    >
      <Box component="form" id={formId} noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={form.formMessages} />
          {notice}
          {texts.map(([name, field]) => control(name, field, name === first))}
          {others.length > 0 && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {others.map(([name, field]) => control(name, field, name === first))}
            </Stack>
          )}
        </Stack>
      </Box>
    </AppDialog>
  );
}
