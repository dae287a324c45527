import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { RegistrationComplete } from './registration-complete';

const signedIn = { session: { status: 'loaded' as const, user: buildUser({ name: 'Ada' }) } };

describe('RegistrationComplete', () => {
  it('welcomes the new user and lists the next steps', () => {
    renderWithProviders(<RegistrationComplete redirect={null} />, { preloadedState: signedIn });
    expect(
      screen.getByText('Welcome, Ada! Your account is ready and you are logged in.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/account_settings',
    );
    expect(screen.getByRole('link', { name: 'Book a class' })).toHaveAttribute(
      'href',
      '/book_class',
    );
    expect(screen.queryByRole('link', { name: 'Continue where you left off' })).toBeNull();
  });

  it('leads back to where registration started when that is a page of this site', () => {
    renderWithProviders(<RegistrationComplete redirect="/checkout" />, {
      preloadedState: signedIn,
    });
    expect(screen.getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('ignores a redirect to another site', () => {
    renderWithProviders(<RegistrationComplete redirect="//evil.test" />, {
      preloadedState: signedIn,
    });
    expect(screen.queryByRole('link', { name: 'Continue where you left off' })).toBeNull();
  });
});
