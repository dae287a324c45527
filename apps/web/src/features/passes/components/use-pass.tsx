import type { PassPurchase } from '@atelier/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectUser } from '../../session';
import { usePassPurchasesQuery } from '../passes-api';
import { BookVisitDialog } from './book-visit-dialog';

/**
 * On a programme's booking card: a family holding an active pass that books this programme books
 * a visit with it there, as on /orders (docs/product.md#class-passes-and-drop-ins).
 */
export function UsePass({ programmeId }: { programmeId: string }) {
  const { t } = useTranslation();
  const family = useAppSelector(selectUser)?.role === 'student';
  const { data: purchases } = usePassPurchasesQuery(undefined, { skip: !family });
  const [booking, setBooking] = useState<PassPurchase | null>(null);
  const usable = family
    ? (purchases ?? []).filter(
        (p) => p.state === 'active' && p.klass_group_ids.includes(programmeId),
      )
    : [];
  if (usable.length === 0) return null;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
        {usable.map((p) => (
          <Button key={p.id} variant="outlined" onClick={() => setBooking(p)}>
            {t('passes.usePass', { name: p.name, count: p.visits_left })}
          </Button>
        ))}
      </Stack>
      {booking && (
        <BookVisitDialog
          purchase={booking}
          programmeId={programmeId}
          onClose={() => setBooking(null)}
        />
      )}
    </>
  );
}
