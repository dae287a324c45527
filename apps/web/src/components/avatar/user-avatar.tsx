import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import { useTranslation } from 'react-i18next';
import { initials } from './initials';

/** The five avatar sizes of docs/product.md#data-the-client-sees, in pixels. */
export const AVATAR_SIZES = {
  tiny: 24,
  small: 32,
  medium: 40,
  large: 64,
  xLarge: 96,
} as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

type Props = {
  name: string | null | undefined;
  src?: string | null;
  size?: AvatarSize;
  /** Decorative when the name is already written next to it (the default), so screen readers skip it. */
  decorative?: boolean;
};

/** A user's picture, else the initials of their name, else a person icon (docs/product.md#data-the-client-sees). */
export function UserAvatar({ name, src, size = 'medium', decorative = true }: Props) {
  const { t } = useTranslation();
  const px = AVATAR_SIZES[size];
  const letters = initials(name);
  const label = name?.trim() || t('avatar.noName');
  return (
    <Avatar
      src={src ?? undefined}
      alt={decorative ? '' : label}
      aria-hidden={decorative ? true : undefined}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      data-size={size}
      sx={{ width: px, height: px, fontSize: Math.round(px * 0.42), bgcolor: 'secondary.main' }}
    >
      {letters || <PersonIcon data-testid="avatar-person-icon" sx={{ fontSize: px * 0.7 }} />}
    </Avatar>
  );
}
