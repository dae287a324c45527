import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

type Props = {
  label: string;
  icon: ReactNode;
  to: string;
  /** Wide screens show the label next to the icon; small ones the icon alone (label as its name). */
  wide: boolean;
  variant?: 'text' | 'contained' | 'outlined';
  testId: string;
};

/** A top-bar link button to an app route. */
export function TopBarButton({ label, icon, to, wide, variant = 'text', testId }: Props) {
  if (wide) {
    return (
      <Button
        component={RouterLink}
        to={to}
        startIcon={icon}
        variant={variant}
        color={variant === 'contained' ? 'primary' : 'inherit'}
        data-testid={testId}
      >
        {label}
      </Button>
    );
  }
  return (
    <IconButton
      component={RouterLink}
      to={to}
      color="inherit"
      aria-label={label}
      data-testid={testId}
    >
      {icon}
    </IconButton>
  );
}
