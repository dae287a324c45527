import type { GuardianResource } from '@atelier/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { api } from '../../../lib/api';
import { handleError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { loadSession } from '../../session';
import {
  useFamilyGuardiansQuery,
  useInviteGuardianMutation,
  useRemoveGuardianMutation,
} from '../guardians-api';

/**
 * The family's guardians (docs/product.md#second-guardians): the account holder, the second
 * guardians and pending invitations; invite by e-mail, remove access or cancel, or leave.
 */
export function FamilyGuardians() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const { data, isError, refetch } = useFamilyGuardiansQuery();
  const [invite] = useInviteGuardianMutation();
  const [removeGuardian] = useRemoveGuardianMutation();
  const [removing, setRemoving] = useState<GuardianResource | null>(null);
  const { field, handleSubmit, submitting, formMessages, setValue } = useForm(
    { email: '' },
    { email: { required: true, email: true } },
  );

  const submit = handleSubmit(async ({ email }) => {
    await invite({ email: email.trim() }).unwrap();
    dispatch(
      snackbarShown({ content: t('guardians.invited', { email: email.trim() }), type: 'success' }),
    );
    setValue('email', '');
  });

  const nameOf = (g: GuardianResource) => g.attributes.name ?? g.attributes.email;
  const remove = async (guardian: GuardianResource) => {
    setRemoving(null);
    try {
      await removeGuardian({ id: guardian.id }).unwrap();
      if (guardian.attributes.is_you) {
        // Leaving: this account acts for no family any more; every cached answer was the family's.
        dispatch(api.util.resetApiState());
        await dispatch(loadSession());
      }
      dispatch(
        snackbarShown({
          content: guardian.attributes.is_you
            ? t('guardians.left')
            : t('guardians.removed', { name: nameOf(guardian) }),
          type: 'success',
        }),
      );
    } catch (error) {
      handleError(error, t('guardians.removeFailed'));
    }
  };

  const holder = data?.meta.account_holder;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="guardians-section"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: 22, mb: 1 }}>
        {t('guardians.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('guardians.lead')}
      </Typography>
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('guardians.retry')}
            </Button>
          }
        >
          {t('guardians.loadFailed')}
        </Alert>
      )}
      {data && holder && (
        <List aria-label={t('guardians.list')} data-testid="guardians-list">
          <ListItem divider data-testid="guardian-holder">
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  {holder.name}
                  <Chip label={t('guardians.holder')} size="small" />
                  {holder.is_you && (
                    <Chip label={t('guardians.you')} size="small" color="primary" />
                  )}
                </Box>
              }
              secondary={holder.email}
            />
          </ListItem>
          {data.data.map((guardian) => {
            const { status, is_you: isYou, email } = guardian.attributes;
            return (
              <ListItem
                key={guardian.id}
                divider
                data-testid="guardian-row"
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={
                      isYou
                        ? t('guardians.leave')
                        : status === 'accepted'
                          ? t('guardians.remove', { name: nameOf(guardian) })
                          : t('guardians.cancel', { email })
                    }
                    onClick={() => setRemoving(guardian)}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
                sx={{ pr: 8 }}
              >
                <ListItemText
                  primary={
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}
                    >
                      {nameOf(guardian)}
                      <Chip
                        label={t(`guardians.status.${status}`)}
                        size="small"
                        color={status === 'accepted' ? 'success' : 'default'}
                        data-testid="guardian-status"
                      />
                      {isYou && <Chip label={t('guardians.you')} size="small" color="primary" />}
                    </Box>
                  }
                  secondary={email}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <Box component="form" noValidate onSubmit={submit} data-testid="guardian-invite-form">
        <FormErrorAlert messages={formMessages} />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextInput
            {...field('email')}
            type="email"
            label={t('guardians.email')}
            autoComplete="off"
            testId="guardian-email"
          />
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            data-testid="guardian-invite"
            sx={{ mt: { sm: 2 } }}
          >
            {t('guardians.invite')}
          </Button>
        </Stack>
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('guardians.confirmTitle') : undefined}
        message={
          removing
            ? removing.attributes.is_you
              ? t('guardians.confirmLeave')
              : t('guardians.confirmRemove', { name: nameOf(removing) })
            : ''
        }
        confirmLabel={t('guardians.removeConfirm')}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Paper>
  );
}
