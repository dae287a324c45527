import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeClassDialog } from './change-class-dialog';

type Props = {
  enrollmentId: string;
  childName: string;
  fromLabel: string;
  /** Staff move through the admin route (the customers page); a family through its own. */
  asStaff: boolean;
};

/** "Change class" beside one of a child's places, opening the move's dialog. */
export function ChangeClassButton({ enrollmentId, childName, fromLabel, asStaff }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={t('transfers.changeFor', { name: childName, klass: fromLabel })}
      >
        {t('transfers.change')}
      </Button>
      {open && (
        <ChangeClassDialog
          enrollmentId={enrollmentId}
          childName={childName}
          fromLabel={fromLabel}
          asStaff={asStaff}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
