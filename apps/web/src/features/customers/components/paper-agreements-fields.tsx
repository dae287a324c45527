import type { Agreement, GuestCustomerDetail } from '@atelier/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useAdminAgreementsQuery } from '../../agreements';

type AgreementOnRecord = GuestCustomerDetail['agreements_on_record'][number];

export type PaperAgreements = { signedBy: string; agreementIds: string[] };

/** The agreements a walk-in is asked for before booking: in use, published, required. */
export function useAgreementsAskedAtTheDesk(): Agreement[] {
  const all = useAdminAgreementsQuery().data ?? [];
  return all.filter((a) => a.required_before_booking && !a.retired_at && a.current_version);
}

/** Whether a walk-in's answer has `agreementId` on record for them (null) or for one attendee. */
export function isOnRecord(
  records: readonly AgreementOnRecord[],
  agreementId: string,
  attendeeId: string | null,
): boolean {
  return records.some(
    (r) => r.agreement_id === agreementId && r.attendee_profile_id === attendeeId,
  );
}

/**
 * The desk's record of the agreements a walk-in signed on paper (docs/product.md#agreements): one
 * box per agreement required before booking, and who signed. A box the server named as still
 * needed (`needed`) says so.
 */
export function PaperAgreementsFields({
  agreements,
  value,
  onChange,
  needed,
  onRecord,
  signedByHelper,
}: {
  agreements: readonly Agreement[];
  value: PaperAgreements;
  onChange: (next: PaperAgreements) => void;
  needed: (agreementId: string) => boolean;
  /** Signed before, for the walk-in or every attendee chosen: shown as such, nothing to tick. */
  onRecord: (agreement: Agreement) => boolean;
  /** The signer's field's message (required once a box is ticked). */
  signedByHelper: { error: boolean; helperText: string };
}) {
  const { t } = useTranslation();
  if (agreements.length === 0) return null;
  const toggle = (id: string) =>
    onChange({
      ...value,
      agreementIds: value.agreementIds.includes(id)
        ? value.agreementIds.filter((x) => x !== id)
        : [...value.agreementIds, id],
    });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="walk-in-paper">
      <FormLabel component="legend">{t('customers.paper.legend')}</FormLabel>
      <FormHelperText sx={{ mt: 0 }}>{t('customers.paper.hint')}</FormHelperText>
      <FormGroup>
        {agreements.map((a) => {
          // The server answers titles in the staff member's language.
          const title = a.title;
          const signed = onRecord(a);
          return (
            <Box key={a.id}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={signed || value.agreementIds.includes(a.id)}
                    disabled={signed}
                    onChange={() => toggle(a.id)}
                  />
                }
                label={
                  signed
                    ? t('customers.paper.onRecord', { title })
                    : t(a.per_child ? 'customers.paper.perChild' : 'customers.paper.perFamily', {
                        title,
                      })
                }
              />
              {needed(a.id) && <FormHelperText error>{t('customers.paper.needed')}</FormHelperText>}
            </Box>
          );
        })}
      </FormGroup>
      <TextField
        label={t('customers.paper.signedBy')}
        value={value.signedBy}
        onChange={(e) => onChange({ ...value, signedBy: e.target.value })}
        required={value.agreementIds.length > 0}
        {...signedByHelper}
        size="small"
        fullWidth
        sx={{ mt: 1 }}
      />
    </Box>
  );
}
