import Alert from '@mui/material/Alert';

/**
 * The server's messages for fields a form does not show (`formMessages` of `useForm` /
 * `useFormErrors`), above the form; nothing when there are none.
 */
export function FormErrorAlert({ messages, testId }: { messages: string[]; testId?: string }) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" data-testid={testId}>
      {messages.join(' ')}
    </Alert>
  );
}
