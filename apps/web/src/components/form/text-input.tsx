import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, FocusEvent, HTMLInputTypeAttribute, KeyboardEvent } from 'react';
import { useId } from 'react';

type Props = {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: () => void;
  onFocus?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'decimal' | 'tel' | 'search' | 'url';
  autoFocus?: boolean;
  testId?: string;
  /** More attributes of the <input> itself (a combobox's role and aria-*, maxLength). */
  inputAttributes?: Record<string, string | number | boolean | undefined>;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/**
 * The kit's text field: an outlined input with its label and message. It composes the pieces
 * directly rather than using MUI's TextField, which also bundles the select inputs; this field is
 * on the login page, whose first-visit size is budgeted.
 */
export function TextInput({
  name,
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  error = false,
  helperText,
  required = false,
  type = 'text',
  autoComplete,
  inputMode,
  autoFocus,
  testId,
  inputAttributes,
  onKeyDown,
}: Props) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth error={error} required={required} margin="dense">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={required ? `${label} *` : label}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={helperText?.trim() ? helperId : undefined}
        inputProps={{ inputMode, 'data-testid': testId, ...inputAttributes }}
      />
      <FormHelperText id={helperId}>{helperText || ' '}</FormHelperText>
    </FormControl>
  );
}
