import type { AttendeeProfile } from '@atelier/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { translateServerMessage } from '../../../components/form/server-messages';
import { fieldErrors, handleError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import {
  type ChildCardFields,
  useMedicalAccessLogQuery,
  useSaveChildCardMutation,
  useUploadPickupPhotoMutation,
} from '../family-api';

type Contact = { name: string; phone: string; relation: string };
type Pickup = { id?: string; name: string; relation: string; phone: string };

const hiddenInput = { display: 'none' } as const;

type Props = { userId: string; member: AttendeeProfile; onClose: () => void };

/**
 * The child's card (docs/product.md#the-childs-card): emergency contacts in the order to call
 * them, allergies and medical notes, the people allowed to collect the child (with a photo), and
 * the list of staff reads of the notes.
 */
export function ChildCardDialog({ userId, member, onClose }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const formId = useId();
  const [contacts, setContacts] = useState<Contact[]>(
    member.emergency_contacts.length > 0
      ? member.emergency_contacts.map((c) => ({ ...c }))
      : [{ name: '', phone: '', relation: '' }],
  );
  const [allergies, setAllergies] = useState(member.allergies);
  const [notes, setNotes] = useState(member.medical_notes);
  const [pickups, setPickups] = useState<Pickup[]>(
    member.authorised_pickups.map((p) => ({
      id: p.id,
      name: p.name,
      relation: p.relation,
      phone: p.phone ?? '',
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSaveChildCardMutation();
  const [upload] = useUploadPickupPhotoMutation();
  const [current, setCurrent] = useState(member);

  const message = (field: string) => {
    const text = errors[field];
    return text ? translateServerMessage(text, t) : undefined;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const card: ChildCardFields = {
      // Rows left wholly empty are not meant: the first, blank row of a new card.
      emergency_contacts: contacts.filter((c) => c.name || c.phone || c.relation),
      allergies,
      medical_notes: notes,
      authorised_pickups: pickups.map((p) => ({
        ...(p.id ? { id: p.id } : {}),
        name: p.name,
        relation: p.relation,
        phone: p.phone.trim() === '' ? null : p.phone,
      })),
    };
    try {
      const saved = await save({ userId, id: member.id, card }).unwrap();
      setCurrent(saved);
      // The server's form of what was typed: phone numbers in E.164.
      if (saved.emergency_contacts.length > 0) {
        setContacts(saved.emergency_contacts.map((c) => ({ ...c })));
      }
      setPickups(
        saved.authorised_pickups.map((p) => ({
          id: p.id,
          name: p.name,
          relation: p.relation,
          phone: p.phone ?? '',
        })),
      );
      dispatch(
        snackbarShown({ content: t('childCard.saved', { name: member.name }), type: 'success' }),
      );
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else handleError(error, t('childCard.saveFailed'));
    }
  };

  const choosePhoto = async (pickupId: string, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setCurrent(await upload({ userId, id: member.id, pickupId, photo: file }).unwrap());
      dispatch(snackbarShown({ content: t('childCard.photoSaved'), type: 'success' }));
    } catch (error) {
      handleError(error, t('childCard.photoFailed'));
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('childCard.title', { name: member.name })}
      testId="child-card-dialog"
      maxWidth="md"
      actions={
        <>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={saving.isLoading}
            data-testid="child-card-save"
          >
            {t('childCard.save')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2}>
        <Typography variant="body2">{t('childCard.lead', { name: member.name })}</Typography>

        <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1">
            {t('childCard.contacts')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('childCard.contactsHint')}
          </Typography>
          {contacts.map((contact, i) => (
            <PersonRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
              key={i}
              prefix={`emergency_contacts.${i}`}
              label={t('childCard.contact', { n: i + 1 })}
              removeLabel={t('childCard.removeContact', { n: i + 1 })}
              value={contact}
              message={message}
              testId="child-card-contact"
              onChange={(next) =>
                setContacts((all) => all.map((c, j) => (j === i ? { ...c, ...next } : c)))
              }
              onRemove={() => setContacts((all) => all.filter((_, j) => j !== i))}
            />
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => setContacts((all) => [...all, { name: '', phone: '', relation: '' }])}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="child-card-add-contact"
          >
            {t('childCard.addContact')}
          </Button>
        </Stack>

        <TextField
          label={t('childCard.allergies')}
          value={allergies}
          onChange={(e) => setAllergies(e.target.value)}
          multiline
          minRows={2}
          error={Boolean(message('allergies'))}
          helperText={message('allergies') ?? t('childCard.allergiesHint')}
          slotProps={{ htmlInput: { 'data-testid': 'child-card-allergies' } }}
        />
        <TextField
          label={t('childCard.medicalNotes')}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          multiline
          minRows={2}
          error={Boolean(message('medical_notes'))}
          helperText={message('medical_notes') ?? t('childCard.medicalNotesHint')}
          slotProps={{ htmlInput: { 'data-testid': 'child-card-medical-notes' } }}
        />

        <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1">
            {t('childCard.pickups')}
          </Typography>
          {pickups.map((pickup, i) => {
            const saved = current.authorised_pickups.find((p) => p.id === pickup.id);
            return (
              <Stack
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
                key={i}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center' }}
              >
                <Avatar
                  src={saved?.photo?.thumb_url ?? undefined}
                  alt={t('childCard.photoOf', { name: pickup.name })}
                />
                <PersonRow
                  prefix={`authorised_pickups.${i}`}
                  label={t('childCard.pickup', { n: i + 1 })}
                  removeLabel={t('childCard.removePickup', { n: i + 1 })}
                  value={pickup}
                  message={message}
                  testId="child-card-pickup"
                  onChange={(next) =>
                    setPickups((all) => all.map((p, j) => (j === i ? { ...p, ...next } : p)))
                  }
                  onRemove={() => setPickups((all) => all.filter((_, j) => j !== i))}
                />
                {pickup.id ? (
                  <PhotoButton
                    label={t('childCard.uploadPhoto')}
                    onChosen={(event) => void choosePhoto(pickup.id as string, event)}
                  />
                ) : (
                  <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 120 }}>
                    {t('childCard.photoAfterSave')}
                  </Typography>
                )}
              </Stack>
            );
          })}
          <Button
            startIcon={<AddIcon />}
            onClick={() => setPickups((all) => [...all, { name: '', relation: '', phone: '' }])}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('childCard.addPickup')}
          </Button>
        </Stack>

        <AccessLog userId={userId} memberId={member.id} />
      </Stack>
    </AppDialog>
  );
}

type PersonRowProps = {
  prefix: string;
  label: string;
  removeLabel: string;
  value: { name: string; phone: string; relation: string };
  message: (field: string) => string | undefined;
  testId: string;
  onChange: (next: Partial<{ name: string; phone: string; relation: string }>) => void;
  onRemove: () => void;
};

/** One person of the card: name, relation and phone, with a remove button. */
function PersonRow({
  prefix,
  label,
  removeLabel,
  value,
  message,
  testId,
  onChange,
  onRemove,
}: PersonRowProps) {
  const { t } = useTranslation();
  const field = (name: 'name' | 'phone' | 'relation') => ({
    value: value[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ [name]: e.target.value }),
    error: Boolean(message(`${prefix}.${name}`)),
    size: 'small' as const,
  });
  return (
    <Stack
      role="group"
      aria-label={label}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ flex: 1, alignItems: { sm: 'flex-start' } }}
      data-testid={testId}
    >
      <TextField
        {...field('name')}
        label={t('childCard.name')}
        helperText={message(`${prefix}.name`)}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-name` } }}
      />
      <TextField
        {...field('relation')}
        label={t('childCard.relation')}
        helperText={message(`${prefix}.relation`)}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-relation` } }}
      />
      <TextField
        {...field('phone')}
        type="tel"
        label={t('childCard.phone')}
        helperText={message(`${prefix}.phone`) ?? t('childCard.phoneHint')}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-phone` } }}
      />
      <IconButton aria-label={removeLabel} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  );
}

/** A button that opens the file picker for one image. */
function PhotoButton({
  label,
  onChosen,
}: {
  label: string;
  onChosen: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton aria-label={label} onClick={() => input.current?.click()}>
        <PhotoCameraIcon />
      </IconButton>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={label}
        onChange={onChosen}
        style={hiddenInput}
      />
    </>
  );
}

/** The staff reads of the child's medical notes, the latest first. */
function AccessLog({ userId, memberId }: { userId: string; memberId: string }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { data } = useMedicalAccessLogQuery({ userId, id: memberId });
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1">
        {t('childCard.log')}
      </Typography>
      {data && data.rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('childCard.logEmpty')}
        </Typography>
      )}
      {data && data.rows.length > 0 && (
        <List dense aria-labelledby={titleId} data-testid="child-card-log">
          {data.rows.map((row) => (
            <ListItem key={row.id} disableGutters>
              <Typography variant="body2">
                {t('childCard.logEntry', {
                  who: row.viewer_name,
                  role: t(`childCard.roles.${row.viewer_role}`),
                  place: t(`childCard.places.${row.place}`),
                  when: format.format(new Date(row.viewed_at)),
                })}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
