import { describe, expect, it } from 'vitest';
import { uploadUrl } from './photo-box-card';

describe('a photo box upload link', () => {
  it('is the whole URL of the upload page under /app, however the path is written', () => {
    const whole = 'https://atelier.example/app/photo_upload?box=abc';
    expect(uploadUrl('/app/photo_upload?box=abc', 'https://atelier.example')).toBe(whole);
    expect(uploadUrl('/photo_upload?box=abc', 'https://atelier.example')).toBe(whole);
  });
});
