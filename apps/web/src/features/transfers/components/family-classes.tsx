import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectRole } from '../../session';
import { useFamilyEnrollmentsQuery } from '../transfers-api';
import { ChangeClassButton } from './change-class-button';

/**
 * The family's classes on /classes (docs/product.md#transfers): each child's active places, with
 * "Change class" when the school lets families move their children themselves.
 */
export function FamilyClasses() {
  const { t } = useTranslation();
  const role = useAppSelector(selectRole);
  const { data } = useFamilyEnrollmentsQuery(undefined, { skip: role !== 'student' });
  if (role !== 'student' || !data || data.data.length === 0) return null;
  const allowed = data.meta.family_transfers;
  return (
    <section aria-labelledby="family-classes-title" data-testid="family-classes">
      <Typography variant="h2" id="family-classes-title" sx={{ fontSize: '1.5rem', mt: 4 }}>
        {t('transfers.yourClasses')}
      </Typography>
      <List aria-labelledby="family-classes-title">
        {data.data.map((e) => {
          const label = t('transfers.classLabel', {
            programme: e.programme,
            schedule: e.schedule_name,
          });
          return (
            <ListItem
              key={e.id}
              data-testid="family-class"
              secondaryAction={
                allowed ? (
                  <ChangeClassButton
                    enrollmentId={e.id}
                    childName={e.attendee_name}
                    fromLabel={label}
                    asStaff={false}
                  />
                ) : undefined
              }
            >
              <ListItemText primary={e.attendee_name} secondary={label} />
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
