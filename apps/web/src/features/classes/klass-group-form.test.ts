import { describe, expect, it } from 'vitest';
import {
  emptyKlassGroupForm,
  type KlassGroupFormValues,
  klassGroupBody,
  validateKlassGroupForm,
} from './klass-group-form';

const filled: KlassGroupFormValues = {
  ...emptyKlassGroupForm,
  name: 'Comics Drawing',
  audience: 'kids',
  format: 'in_person',
  location: '12 Studio Lane',
};

describe('programme form rules', () => {
  it("says 'Required' for the name, audience and format of an empty form", () => {
    expect(validateKlassGroupForm(emptyKlassGroupForm, null)).toEqual({
      name: 'common.required',
      audience: 'common.required',
      format: 'common.required',
    });
  });

  it('needs a location in person and a web address online, not both', () => {
    expect(validateKlassGroupForm({ ...filled, location: '' }, null)).toEqual({
      location: 'common.required',
    });
    const online = { ...filled, format: 'online' as const, location: '' };
    expect(validateKlassGroupForm(online, null)).toEqual({ meeting_url: 'common.required' });
    expect(validateKlassGroupForm({ ...online, meeting_url: 'zoom room 4' }, null)).toEqual({
      meeting_url: 'common.invalidInput',
    });
    expect(
      validateKlassGroupForm({ ...online, meeting_url: 'https://meet.example.com/a' }, null),
    ).toEqual({});
  });

  it("says 'Invalid input' for a bad slug, ages out of range and a maximum below the minimum", () => {
    expect(
      validateKlassGroupForm(
        { ...filled, slug: 'Comics Drawing', min_age: '-1', max_age: '200' },
        null,
      ),
    ).toEqual({
      slug: 'common.invalidInput',
      min_age: 'common.invalidInput',
      max_age: 'common.invalidInput',
    });
    expect(validateKlassGroupForm({ ...filled, min_age: '10', max_age: '8' }, null)).toEqual({
      max_age: 'common.invalidInput',
    });
    expect(validateKlassGroupForm({ ...filled, slug: 'comics-2', min_age: '8' }, null)).toEqual({});
  });

  it('refuses an image that is not JPEG, PNG or WebP, or larger than 5 MB', () => {
    const gif = new File(['x'], 'a.gif', { type: 'image/gif' });
    expect(validateKlassGroupForm(filled, gif)).toEqual({ image: 'manageClasses.form.imageType' });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' });
    expect(validateKlassGroupForm(filled, huge)).toEqual({
      image: 'manageClasses.form.imageTooLarge',
    });
  });
});

describe('programme request body', () => {
  it('sends the Japanese name and description typed, trimmed, and leaves blank ones out', () => {
    expect(
      klassGroupBody({ ...filled, name_ja: ' マンガを描こう ', description_ja: '  ' }).translations,
    ).toEqual({ ja: { name: 'マンガを描こう' } });
    expect(klassGroupBody({ ...filled, name_ja: '', description_ja: '' }).translations).toEqual({});
  });

  it('sends ages as numbers, drops the other format’s place, and leaves an empty slug out', () => {
    expect(klassGroupBody({ ...filled, min_age: '6', max_age: '', meeting_url: 'x' })).toEqual({
      name: 'Comics Drawing',
      description: '',
      audience: 'kids',
      format: 'in_person',
      location: '12 Studio Lane',
      meeting_url: null,
      min_age: 6,
      max_age: null,
      trial_price: null,
      published: false,
      translations: {},
    });
    expect(klassGroupBody({ ...filled, trial_price: '25.50' }).trial_price).toBe(2550);
    expect(klassGroupBody({ ...filled, trial_price: '0' }).trial_price).toBe(0);
    expect(
      klassGroupBody({
        ...filled,
        format: 'online',
        meeting_url: ' https://meet.example.com/a ',
        slug: 'comics',
      }),
    ).toMatchObject({ slug: 'comics', location: null, meeting_url: 'https://meet.example.com/a' });
  });
});
