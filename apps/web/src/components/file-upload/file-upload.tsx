import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorSnackbarText, toApiError } from '../../lib/api-client';
import { FilePicker } from '../file-picker/file-picker';

/** Sends one file, reporting progress as a fraction from 0 to 1. */
export type UploadFn = (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;

type State =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done'; name: string }
  | { phase: 'failed'; message: string };

type Props = {
  upload: UploadFn;
  accept?: string;
  /** Called with the upload's result when it succeeds. */
  onUploaded?: (result: unknown) => void;
  testId?: string;
};

/** What a failed upload says: the error catalogue's text, else the server's detail, else 'Error'. */
function failureText(error: unknown, fallback: string): string {
  return errorSnackbarText(error) ?? toApiError(error).detail ?? fallback;
}

/**
 * Chooses a file and uploads it through `upload` with a determinate progress bar. Where the file
 * goes is the caller's business (see `makeClientUpload`); a failure is shown, never swallowed.
 */
export function FileUpload({ upload, accept, onUploaded, testId = 'file-upload' }: Props) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const file = files[0];
  const uploading = state.phase === 'uploading';

  const start = async () => {
    if (!file) return;
    setState({ phase: 'uploading', percent: 0 });
    try {
      const result = await upload(file, (fraction) => {
        const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
        setState((s) => (s.phase === 'uploading' ? { phase: 'uploading', percent } : s));
      });
      setState({ phase: 'done', name: file.name });
      onUploaded?.(result);
    } catch (error) {
      setState({ phase: 'failed', message: failureText(error, t('errors.generic')) });
    }
  };

  return (
    <Stack spacing={2} data-testid={testId}>
      <FilePicker
        files={files}
        onChange={(chosen) => {
          setFiles(chosen.slice(0, 1));
          setState({ phase: 'idle' });
        }}
        accept={accept}
        disabled={uploading}
        testId={`${testId}-picker`}
      />
      <Box>
        <Button
          variant="contained"
          startIcon={<CloudUploadIcon />}
          onClick={start}
          disabled={!file || uploading}
        >
          {t('fileUpload.upload')}
        </Button>
      </Box>
      {state.phase === 'uploading' && file && (
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('fileUpload.uploading', { name: file.name })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={state.percent}
            aria-label={t('fileUpload.progress')}
            data-testid={`${testId}-progress`}
          />
        </Box>
      )}
      <Box role="status" aria-live="polite">
        {state.phase === 'done' && (
          <Alert severity="success" data-testid={`${testId}-done`}>
            {t('fileUpload.done', { name: state.name })}
          </Alert>
        )}
      </Box>
      {state.phase === 'failed' && (
        <Alert severity="error" data-testid={`${testId}-error`}>
          {t('fileUpload.failed', { message: state.message })}
        </Alert>
      )}
    </Stack>
  );
}
