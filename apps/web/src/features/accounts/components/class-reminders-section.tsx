import {
  CLASS_REMINDER_CHOICES,
  type ClassReminders,
  DEFAULT_CLASS_REMINDERS,
  type User,
} from '@atelier/contract';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/settings-section';
import { handleError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { setUser } from '../../session';
import { useUpdateProfileMutation } from '../accounts-api';

const isChoice = (value: string): value is ClassReminders =>
  (CLASS_REMINDER_CHOICES as readonly string[]).includes(value);

/**
 * What the family hears before its classes (docs/product.md#class-reminders): a reminder before
 * each class, a weekly digest, or nothing. A choice is saved as soon as it is made; a refused save
 * puts the previous choice back.
 */
export function ClassRemindersSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const saved = user.class_reminders ?? DEFAULT_CLASS_REMINDERS;
  const [choice, setChoice] = useState<ClassReminders>(saved);
  const labelId = useId();
  const hintId = useId();

  const choose = async (next: ClassReminders) => {
    setChoice(next);
    try {
      const updated = await updateProfile({
        userId: user.id,
        changes: { classReminders: next },
      }).unwrap();
      dispatch(setUser(updated));
      dispatch(snackbarShown({ content: t('accountSettings.reminders.saved'), type: 'success' }));
    } catch (error) {
      setChoice(saved);
      handleError(error, t('accountSettings.reminders.title'));
    }
  };

  return (
    <SettingsSection title={t('accountSettings.reminders.title')} testId="reminders-section">
      <FormControl disabled={isLoading}>
        <FormLabel id={labelId}>{t('accountSettings.reminders.label')}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          aria-describedby={hintId}
          name="class_reminders"
          value={choice}
          onChange={(event) => {
            if (isChoice(event.target.value)) void choose(event.target.value);
          }}
        >
          {CLASS_REMINDER_CHOICES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={t(`accountSettings.reminders.${value}`)}
            />
          ))}
        </RadioGroup>
        <FormHelperText id={hintId}>{t('accountSettings.reminders.hint')}</FormHelperText>
      </FormControl>
    </SettingsSection>
  );
}
