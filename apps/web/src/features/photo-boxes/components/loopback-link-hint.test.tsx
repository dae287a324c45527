import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { isLoopbackUrl, LoopbackLinkHint } from './loopback-link-hint';
import { linkOrigin } from './photo-box-card';

describe('a photo box link on localhost', () => {
  it('is told apart from a link a phone can open', () => {
    for (const url of [
      'http://localhost:3000/app/photo_upload?box=a',
      'http://127.0.0.1:3000/app/x',
      'http://[::1]:3000/app/x',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
    for (const url of ['http://192.168.1.20:3000/app/x', 'https://school.example/app/x']) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });

  it('says how to set HOST and APP_URL so a phone on the same network can reach it', () => {
    renderWithProviders(<LoopbackLinkHint url="http://localhost:3000/app/photo_upload?box=a" />);
    const hint = screen.getByTestId('photo-box-loopback-hint');
    expect(hint).toHaveTextContent('Phones cannot open this link');
    expect(hint).toHaveTextContent('HOST=0.0.0.0');
    expect(hint).toHaveTextContent('APP_URL=http://192.168.1.20:3000');
  });

  it('says nothing for a link on the network or the internet', () => {
    renderWithProviders(<LoopbackLinkHint url="http://192.168.1.20:3000/app/photo_upload?box=a" />);
    expect(screen.queryByTestId('photo-box-loopback-hint')).not.toBeInTheDocument();
  });

  it('builds the link on APP_URL, not on the address the page was opened at', () => {
    expect(linkOrigin('http://192.168.1.20:3000', 'http://localhost:3000')).toBe(
      'http://192.168.1.20:3000',
    );
    // No APP_URL in the page's config (vite dev): the page's own origin.
    expect(linkOrigin('', 'http://localhost:5173')).toBe('http://localhost:5173');
  });
});
