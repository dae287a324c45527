import { GALLERY_VISIBILITIES, type GalleryVisibility } from '@atelier/contract';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilyMemberPrivacy } from '../family-api';

type Props = {
  /** The member's name as typed, for the labels. */
  name: string;
  value: FamilyMemberPrivacy;
  onChange: (value: FamilyMemberPrivacy) => void;
  /** The server's messages for the two fields, if any. */
  messages: { gallery_visibility?: string; comments_need_approval?: string };
};

/**
 * Per student, who sees their gallery work besides the family and teachers, and whether comments
 * by others wait for a teacher's approval (docs/product.md#childrens-privacy: the most private
 * choice and approval are the defaults).
 */
export function FamilyPrivacyFields({ name, value, onChange, messages }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const approvalHelpId = useId();
  const shown = name.trim() || t('family.privacy.thisMember');
  return (
    <Stack
      component="fieldset"
      spacing={1}
      aria-labelledby={titleId}
      sx={{ border: 0, p: 0, m: 0 }}
    >
      <Typography id={titleId} variant="subtitle2" component="legend" sx={{ mt: 1 }}>
        {t('family.privacy.title')}
      </Typography>
      <TextField
        select
        fullWidth
        margin="dense"
        label={t('family.privacy.visibility', { name: shown })}
        value={value.gallery_visibility}
        onChange={(event) =>
          onChange({ ...value, gallery_visibility: event.target.value as GalleryVisibility })
        }
        error={Boolean(messages.gallery_visibility)}
        helperText={messages.gallery_visibility ?? t('family.privacy.visibilityHint')}
        slotProps={{ htmlInput: { 'data-testid': 'family-member-visibility' } }}
      >
        {GALLERY_VISIBILITIES.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`family.privacy.visibilities.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControl error={Boolean(messages.comments_need_approval)}>
        <FormControlLabel
          control={
            <Switch
              checked={value.comments_need_approval}
              onChange={(event) =>
                onChange({ ...value, comments_need_approval: event.target.checked })
              }
              slotProps={{ input: { 'aria-describedby': approvalHelpId } }}
            />
          }
          label={t('family.privacy.approval')}
        />
        <FormHelperText id={approvalHelpId}>
          {messages.comments_need_approval ?? t('family.privacy.approvalHint')}
        </FormHelperText>
      </FormControl>
    </Stack>
  );
}
