import {
  type CreateMessageBody,
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_MAX_USERS,
  MESSAGE_TITLE_MAX_LENGTH,
  type MessageAudience,
  type MessageSchedule,
  type User,
} from '@atelier/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { UsersPicker } from '../../../components/form/users-picker';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { klassLabel, likelyKlass } from '../message-format';
import {
  useMessageFamiliesQuery,
  useMessageSchedulesQuery,
  useSendMessageMutation,
} from '../messages-api';

/** Typing pauses this long before a picker asks the server. */
const SEARCH_DELAY_MS = 250;

const FIELDS = ['audience', 'schedule', 'klass', 'families', 'title', 'body'];

/** The server's field names → the form's (`user_ids.3` is one of the families). */
function fieldOf(serverName: string): string {
  if (serverName === 'klass_group_schedule_id') return 'schedule';
  if (serverName === 'klass_id') return 'klass';
  if (serverName === 'user_ids' || serverName.startsWith('user_ids.')) return 'families';
  return serverName;
}

/**
 * "Send Message" (docs/product.md#class-messages): to everyone in a class the sender may write
 * to, to one session of it, or to families chosen by name or e-mail; a title and a message.
 * Each family gets a notification and an e-mail in its language.
 */
export function SendMessageForm() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const formId = useId();
  const [audience, setAudience] = useState<MessageAudience>('schedule');
  const [schedule, setSchedule] = useState<MessageSchedule | null>(null);
  const [klassId, setKlassId] = useState('');
  const [families, setFamilies] = useState<User[]>([]);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [scheduleInput, setScheduleInput] = useState('');
  const [familyInput, setFamilyInput] = useState('');
  // What was typed, apart from the input's text: choosing a class writes its label there, which
  // is nothing to search for.
  const [scheduleSearch, setScheduleSearch] = useState('');
  const scheduleKeyword = useDebouncedValue(scheduleSearch.trim(), SEARCH_DELAY_MS);
  const familyKeyword = useDebouncedValue(familyInput.trim(), SEARCH_DELAY_MS);
  const schedules = useMessageSchedulesQuery(scheduleKeyword, { skip: audience === 'users' });
  const candidates = useMessageFamiliesQuery(familyKeyword, { skip: audience !== 'users' });
  const [sendMessage, sending] = useSendMessageMutation();
  const messages = useFormErrors({ fields: FIELDS });
  const busy = sending.isLoading;

  const chooseSchedule = (next: MessageSchedule | null) => {
    setSchedule(next);
    // The session follows the class: the next one is the likely subject.
    setKlassId(next ? (likelyKlass(next.klasses, Date.now())?.id ?? '') : '');
    messages.clear('schedule', 'klass', 'audience');
  };

  /** The form's own checks, as texts beside the fields; true when it may be sent. */
  const checked = (): boolean => {
    const tooLong = (value: string, max: number) =>
      value.trim().length > max ? t('classMessages.send.tooLong', { max }) : undefined;
    const required = (value: string) => (value.trim() === '' ? t('common.required') : undefined);
    const problems: Record<string, string | undefined> = {
      schedule:
        audience !== 'users' && !schedule ? t('classMessages.send.chooseSchedule') : undefined,
      klass:
        audience === 'klass' && schedule && !klassId
          ? t('classMessages.send.chooseSession')
          : undefined,
      families:
        audience === 'users' && families.length === 0
          ? t('classMessages.messages.chooseFamilies')
          : audience === 'users' && families.length > MESSAGE_MAX_USERS
            ? t('classMessages.messages.tooManyFamilies', { familiesMax: MESSAGE_MAX_USERS })
            : undefined,
      title: required(title) ?? tooLong(title, MESSAGE_TITLE_MAX_LENGTH),
      body: required(body) ?? tooLong(body, MESSAGE_BODY_MAX_LENGTH),
    };
    messages.reset();
    if (Object.values(problems).every((p) => p === undefined)) return true;
    messages.showMessages(problems);
    return false;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked()) return;
    const text = { title: title.trim(), body: body.trim() };
    const message: CreateMessageBody['message'] =
      audience === 'users'
        ? { ...text, user_ids: families.map((f) => f.id) }
        : audience === 'klass'
          ? { ...text, klass_id: klassId }
          : { ...text, klass_group_schedule_id: schedule?.id ?? '' };
    let reached = 0;
    const done = await messages.submit(
      async () => {
        const sent = await sendMessage(message).unwrap();
        reached = sent.recipient_count ?? 0;
      },
      { label: t('classMessages.send.sendFailed'), fieldOf },
    );
    if (!done) return;
    dispatch(
      snackbarShown({ content: t('classMessages.send.sent', { count: reached }), type: 'success' }),
    );
    setTitle('');
    setBody('');
    setFamilies([]);
  };

  const helper = (name: string, hint?: string) => {
    const text = messages.message(name);
    return { error: text !== undefined, helperText: text ?? hint ?? ' ' };
  };
  const audienceMessage = messages.message('audience');
  const scheduleLabel = (s: MessageSchedule) =>
    t('classMessages.send.scheduleOption', { programme: s.klass_group_name, schedule: s.name });

  return (
    <Box component="form" id={formId} noValidate onSubmit={submit} data-testid="send-message-form">
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('classMessages.send.title')}
        </Typography>
        <FormErrorAlert messages={messages.formMessages} />
        <FormControl error={audienceMessage !== undefined} disabled={busy}>
          <FormLabel id={`${formId}-audience`}>{t('classMessages.send.audience')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${formId}-audience`}
            name="audience"
            value={audience}
            onChange={(event) => {
              setAudience(event.target.value as MessageAudience);
              messages.reset();
            }}
          >
            <FormControlLabel
              value="schedule"
              control={<Radio />}
              label={t('classMessages.send.audienceSchedule')}
            />
            <FormControlLabel
              value="klass"
              control={<Radio />}
              label={t('classMessages.send.audienceKlass')}
            />
            <FormControlLabel
              value="users"
              control={<Radio />}
              label={t('classMessages.send.audienceUsers')}
            />
          </RadioGroup>
          {audienceMessage && <FormHelperText>{audienceMessage}</FormHelperText>}
        </FormControl>

        {audience !== 'users' && (
          <Autocomplete
            value={schedule}
            onChange={(_event, next) => chooseSchedule(next)}
            inputValue={scheduleInput}
            onInputChange={(_event, text, reason) => {
              setScheduleInput(text);
              if (reason !== 'reset') setScheduleSearch(text);
            }}
            options={schedules.data ?? []}
            loading={schedules.isFetching}
            // The server searched already: show what it found.
            filterOptions={(all) => all}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            getOptionLabel={scheduleLabel}
            renderOption={(props, s) => {
              const { key, ...rest } = props;
              return (
                <li key={key} {...rest}>
                  {`${scheduleLabel(s)} (${t('classMessages.send.familyCount', { count: s.family_count })})`}
                </li>
              );
            }}
            noOptionsText={t('classMessages.send.noSchedules')}
            loadingText={t('common.loading')}
            disabled={busy}
            renderInput={(params) => (
              <TextField
                {...params}
                name="schedule"
                required
                label={t('classMessages.send.schedule')}
                {...helper('schedule', t('classMessages.send.scheduleHint'))}
              />
            )}
          />
        )}

        {audience === 'klass' && (
          <TextField
            select
            name="klass"
            label={t('classMessages.send.session')}
            value={klassId}
            onChange={(event) => {
              setKlassId(event.target.value);
              messages.clear('klass');
            }}
            required
            fullWidth
            disabled={busy || !schedule}
            {...helper('klass', t('classMessages.send.sessionHint'))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" disabled />
            {(schedule?.klasses ?? []).map((klass) => (
              <option key={klass.id} value={klass.id}>
                {klassLabel(klass, schedule?.time_zone ?? 'UTC', t, i18n.language)}
              </option>
            ))}
          </TextField>
        )}

        {audience === 'users' && (
          <UsersPicker
            value={families}
            onChange={(chosen) => {
              setFamilies(chosen);
              messages.clear('families', 'audience');
            }}
            inputValue={familyInput}
            onInputChange={setFamilyInput}
            options={candidates.data ?? []}
            loading={candidates.isFetching}
            noOptionsText={t('classMessages.send.noFamilies')}
            disabled={busy}
            name="families"
            required
            label={t('classMessages.send.families')}
            {...helper('families', t('classMessages.send.familiesHint'))}
          />
        )}

        <TextField
          name="title"
          label={t('classMessages.send.messageTitle')}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            messages.clear('title');
          }}
          required
          fullWidth
          disabled={busy}
          {...helper(
            'title',
            t('classMessages.send.length', {
              count: title.trim().length,
              max: MESSAGE_TITLE_MAX_LENGTH,
            }),
          )}
        />
        <TextField
          name="body"
          label={t('classMessages.send.body')}
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            messages.clear('body');
          }}
          required
          fullWidth
          multiline
          minRows={5}
          disabled={busy}
          {...helper(
            'body',
            t('classMessages.send.length', {
              count: body.trim().length,
              max: MESSAGE_BODY_MAX_LENGTH,
            }),
          )}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('classMessages.send.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
