import { PASSWORD_MIN_LENGTH } from '@atelier/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordStrength, strengthFraction } from '../password-strength';

type CommonCheck = (password: string) => boolean;
let loadedCheck: CommonCheck | null = null;

/**
 * The server's common-password check, loaded the first time a meter shows: the list is kept out
 * of every other page's JavaScript, the login page's first visit included
 * (docs/decisions/052-common-passwords-in-the-contract.md). Null until it has arrived.
 */
function useCommonPasswordCheck(): CommonCheck | null {
  const [check, setCheck] = useState<CommonCheck | null>(() => loadedCheck);
  useEffect(() => {
    if (check) return;
    let mounted = true;
    void import('@atelier/contract/common-passwords').then(({ isCommonPassword }) => {
      loadedCheck = isCommonPassword;
      if (mounted) setCheck(() => isCommonPassword);
    });
    return () => {
      mounted = false;
    };
  }, [check]);
  return check;
}

const BAR_COLOR = {
  empty: 'grey.400',
  tooShort: 'error.main',
  tooCommon: 'error.main',
  weak: 'error.main',
  fair: 'warning.main',
  strong: 'success.main',
} as const;

/**
 * The visible strength hint under a new-password field (docs/product.md#validation): a bar for
 * the eye (hidden from screen readers) and the same verdict in words, announced politely as it
 * changes.
 */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password, useCommonPasswordCheck() ?? undefined);
  return (
    <Box data-testid="password-strength" data-strength={strength} sx={{ mt: -0.5, mb: 1 }}>
      <Box aria-hidden="true" sx={{ height: 4, bgcolor: 'grey.200', borderRadius: 2 }}>
        <Box
          sx={{
            height: '100%',
            width: `${strengthFraction(strength) * 100}%`,
            bgcolor: BAR_COLOR[strength],
            borderRadius: 2,
            transition: 'width 150ms',
          }}
        />
      </Box>
      <Typography variant="body2" aria-live="polite" sx={{ mt: 0.5 }}>
        {strength === 'empty'
          ? ''
          : t('register.strength.label', { level: t(`register.strength.${strength}`) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('register.strength.hint', { minLength: PASSWORD_MIN_LENGTH })}
      </Typography>
    </Box>
  );
}
