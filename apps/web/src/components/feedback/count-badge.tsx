import { BADGE_MAX } from '@atelier/contract';
import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';

/** docs/product.md#constants (badge cap): the badge text; 10 or more shows '9+'; nothing for 0. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/** A count badge on an icon. The count itself is announced by the button's label, not the badge. */
export function CountBadge({
  count,
  testId,
  children,
}: {
  count: number;
  testId: string;
  children: ReactNode;
}) {
  const text = badgeText(count);
  return (
    <Badge
      badgeContent={text}
      invisible={text === ''}
      color="error"
      slotProps={{ badge: { 'aria-hidden': true, 'data-testid': testId } as object }}
    >
      {children}
    </Badge>
  );
}
