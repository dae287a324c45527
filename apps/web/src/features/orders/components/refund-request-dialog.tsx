import { type Order, REFUND_REASON_MAX_LENGTH } from '@atelier/contract';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { paths } from '../../../lib/route-paths';
import { useRequestRefundMutation } from '../refunds-api';

/** Everyone the order books, each once (an attendee may be on several of its items). */
function attendeesOf(order: Order): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const item of order.items) for (const a of item.attendees) seen.set(a.id, a.name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * Asks for a refund of a purchased order (docs/architecture.md#refunds): the whole order or some
 * attendees, with a reason. Sent, it goes to /refund/complete; the school decides.
 */
export function RefundRequestDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const navigate = useNavigate();
  const [requestRefund] = useRequestRefundMutation();
  const attendees = attendeesOf(order);
  const [scope, setScope] = useState<'whole' | 'some'>('whole');
  const [chosen, setChosen] = useState<string[]>([]);
  const { field, handleSubmit, submitting, formMessages, message, clear } = useForm(
    { reason: '' },
    { reason: { required: true, check: (v) => v.trim().length <= REFUND_REASON_MAX_LENGTH } },
    {
      fields: ['attendee_profile_ids'],
      check: () =>
        scope === 'some' && chosen.length === 0
          ? { attendee_profile_ids: 'refunds.chooseAttendee' }
          : {},
    },
  );
  const submit = handleSubmit(
    async ({ reason }) => {
      await requestRefund({
        orderId: order.id,
        reason: reason.trim(),
        ...(scope === 'some' ? { attendee_profile_ids: chosen } : {}),
      }).unwrap();
      onClose();
      navigate(paths.refundComplete);
    },
    { label: t('refunds.sendFailed') },
  );
  const toggle = (id: string) => {
    clear('attendee_profile_ids');
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  };
  const attendeesError = message('attendee_profile_ids');

  return (
    <AppDialog
      open
      title={t('refunds.dialogTitle', { id: order.id })}
      onClose={submitting ? () => undefined : onClose}
      testId="refund-request-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="contained" disabled={submitting}>
            {t('refunds.send')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2}>
        <FormErrorAlert messages={formMessages} />
        <FormControl>
          <FormLabel id={`${formId}-scope`}>{t('refunds.scope')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${formId}-scope`}
            value={scope}
            onChange={(e) => {
              clear('attendee_profile_ids');
              setScope(e.target.value === 'some' ? 'some' : 'whole');
            }}
          >
            <FormControlLabel value="whole" control={<Radio />} label={t('refunds.whole')} />
            <FormControlLabel value="some" control={<Radio />} label={t('refunds.some')} />
          </RadioGroup>
        </FormControl>
        {scope === 'some' && (
          <FormControl error={attendeesError !== undefined} component="fieldset">
            <FormLabel component="legend">{t('refunds.attendeesLegend')}</FormLabel>
            <FormGroup>
              {attendees.map((a) => (
                <FormControlLabel
                  key={a.id}
                  control={
                    <Checkbox checked={chosen.includes(a.id)} onChange={() => toggle(a.id)} />
                  }
                  label={a.name}
                />
              ))}
            </FormGroup>
            {attendeesError && <FormHelperText>{attendeesError}</FormHelperText>}
          </FormControl>
        )}
        <TextField
          {...field('reason')}
          label={t('refunds.reason')}
          multiline
          minRows={3}
          fullWidth
        />
      </Stack>
    </AppDialog>
  );
}
