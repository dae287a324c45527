import type { PassPurchase } from '@atelier/contract';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { ChoiceSelect } from '../../../components/form/choice-select';
import { handleError } from '../../../lib/api-client';
import { formatInstantRange } from '../../../lib/format-date';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { familyApi } from '../../family';
import { familyIdOf, selectUser } from '../../session';
import { useBookDropInMutation, useDropInOptionsQuery } from '../passes-api';

/**
 * Books a visit with a pass: one of the family's children, one upcoming class it books (of one
 * programme when `programmeId` is given).
 */
export function BookVisitDialog({
  purchase,
  programmeId,
  onClose,
}: {
  purchase: PassPurchase;
  programmeId?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { data: options, isLoading } = useDropInOptionsQuery({
    purchaseId: purchase.id,
    ...(programmeId ? { programmeId } : {}),
  });
  const { data: family } = familyApi.endpoints.familyMembers.useQuery(
    { userId: user ? familyIdOf(user) : '', page: 1 },
    { skip: !user },
  );
  const [klassId, setKlassId] = useState('');
  const [childId, setChildId] = useState('');
  const [book, { isLoading: saving }] = useBookDropInMutation();

  async function submit() {
    try {
      await book({ purchaseId: purchase.id, klassId, attendeeProfileId: childId }).unwrap();
      dispatch(snackbarShown({ content: t('passes.booked'), type: 'success' }));
      onClose();
    } catch (error) {
      handleError(error, t('passes.bookFailed'));
    }
  }

  return (
    <AppDialog
      open
      title={t('passes.bookWith', { name: purchase.name })}
      onClose={onClose}
      testId="book-visit-dialog"
      actions={
        <Button
          variant="contained"
          disabled={!klassId || !childId || saving}
          onClick={() => void submit()}
        >
          {t('passes.confirm')}
        </Button>
      }
    >
      <ChoiceSelect
        label={t('passes.chooseChild')}
        value={childId}
        onChange={setChildId}
        choices={(family?.members ?? []).map((m) => ({ value: m.id, label: m.name }))}
      />
      <ChoiceSelect
        label={t('passes.chooseClass')}
        loading={isLoading}
        empty={t('passes.noOptions')}
        value={klassId}
        onChange={setKlassId}
        choices={(options ?? []).map((o) => ({
          value: o.klass_id,
          label: t('passes.option', {
            name: o.programme,
            when: formatInstantRange(o.starts_at, o.ends_at, o.time_zone, i18n.language),
            seats: o.seats_left,
          }),
        }))}
      />
    </AppDialog>
  );
}
