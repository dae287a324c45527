import AttachFileIcon from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** Chosen files, controlled by the caller. */
  files: File[];
  onChange: (files: File[]) => void;
  /** e.g. 'image/*' or '.jpg,.png'. */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The button text; 'Choose file(s)' by default. */
  label?: string;
  testId?: string;
};

/**
 * Chooses files from the device: a button that opens a visually hidden file input, and the names of
 * what was chosen. The input sits beside the button, not inside it: an input nested in a
 * button-like label is "nested interactive" content (axe), which screen readers announce badly.
 */
export function FilePicker({
  files,
  onChange,
  accept,
  multiple = false,
  disabled = false,
  label,
  testId = 'file-picker',
}: Props) {
  const { t } = useTranslation();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const buttonLabel = label ?? (multiple ? t('filePicker.chooseMany') : t('filePicker.choose'));
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Button
        variant="outlined"
        startIcon={<AttachFileIcon />}
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-describedby={statusId}
        data-testid={`${testId}-button`}
      >
        {buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        // Reached through the button; kept out of the tab order and the accessibility tree.
        tabIndex={-1}
        aria-hidden="true"
        aria-label={buttonLabel}
        data-testid={`${testId}-input`}
        onChange={(event) => {
          onChange(Array.from(event.target.files ?? []));
          // Lets the same file be chosen again after it was removed.
          event.target.value = '';
        }}
        style={{
          clip: 'rect(0 0 0 0)',
          clipPath: 'inset(50%)',
          height: 1,
          overflow: 'hidden',
          position: 'absolute',
          whiteSpace: 'nowrap',
          width: 1,
        }}
      />
      <Typography id={statusId} variant="body2" data-testid={`${testId}-names`}>
        {files.length === 0 ? t('filePicker.none') : files.map((f) => f.name).join(', ')}
      </Typography>
    </Stack>
  );
}
