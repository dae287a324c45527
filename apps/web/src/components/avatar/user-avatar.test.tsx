import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n/i18n';
import { AVATAR_SIZES, UserAvatar } from './user-avatar';

describe('UserAvatar (docs/product.md#data-the-client-sees)', () => {
  it('shows the initials of the first and last words of the name', () => {
    render(<UserAvatar name="Ada King Lovelace" decorative={false} />);
    expect(screen.getByRole('img', { name: 'Ada King Lovelace' })).toHaveTextContent('AL');
  });

  it('shows a person icon when there is no name', () => {
    render(<UserAvatar name="" decorative={false} />);
    expect(screen.getByTestId('avatar-person-icon')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'User' })).toBeInTheDocument();
  });

  it.each(Object.entries(AVATAR_SIZES))('renders the %s size at %ipx', (size, px) => {
    const { container } = render(
      <UserAvatar name="Ada" size={size as keyof typeof AVATAR_SIZES} />,
    );
    const avatar = container.querySelector('[data-size]') as HTMLElement;
    expect(avatar.dataset.size).toBe(size);
    expect(getComputedStyle(avatar).width).toBe(`${px}px`);
  });

  it('has five distinct, increasing sizes', () => {
    const px = Object.values(AVATAR_SIZES);
    expect(Object.keys(AVATAR_SIZES)).toEqual(['tiny', 'small', 'medium', 'large', 'xLarge']);
    expect([...px].sort((a, b) => a - b)).toEqual(px);
    expect(new Set(px).size).toBe(5);
  });

  it('is hidden from screen readers when decorative (the name is written beside it)', () => {
    const { container } = render(<UserAvatar name="Ada" />);
    expect(container.querySelector('[data-size]')).toHaveAttribute('aria-hidden', 'true');
  });
});
