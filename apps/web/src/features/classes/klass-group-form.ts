import type { FlatKlassGroup } from '@atelier/contract';
import {
  type Audience,
  type CreateKlassGroupBody,
  type Format,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  MAX_AGE,
} from '@atelier/contract';
import { validateField } from '../../components/form/validation';
import type { MessageKey } from '../../i18n/i18n';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { japaneseTranslations } from './translations-form';

/** What the programme form holds: text as typed, plus the switch. */
export type KlassGroupFormValues = {
  name: string;
  slug: string;
  description: string;
  audience: Audience | '';
  format: Format | '';
  location: string;
  meeting_url: string;
  min_age: string;
  max_age: string;
  /** Dollars for one trial class ("0": free); blank: no trial (docs/product.md#trial-classes). */
  trial_price: string;
  published: boolean;
  /** The name and description in Japanese: blank leaves readers the English. */
  name_ja: string;
  description_ja: string;
};

export const emptyKlassGroupForm: KlassGroupFormValues = {
  name: '',
  slug: '',
  description: '',
  audience: '',
  format: '',
  location: '',
  meeting_url: '',
  min_age: '',
  max_age: '',
  trial_price: '',
  published: false,
  name_ja: '',
  description_ja: '',
};

export function klassGroupFormValues(group: FlatKlassGroup): KlassGroupFormValues {
  return {
    name: group.name,
    slug: group.slug,
    description: group.description,
    audience: group.audience,
    format: group.format,
    location: group.location ?? '',
    meeting_url: group.meeting_url ?? '',
    min_age: group.min_age === null ? '' : String(group.min_age),
    max_age: group.max_age === null ? '' : String(group.max_age),
    trial_price: group.trial_price === null ? '' : centsToDollars(group.trial_price),
    published: group.published,
    name_ja: group.translations.ja?.name ?? '',
    description_ja: group.translations.ja?.description ?? '',
  };
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const age = { integer: { min: 0, max: MAX_AGE } };

/**
 * The client rules of the programme form (docs/product.md#validation 'Required' / 'Invalid input'), by field name
 * as the server names them; the server checks the same rules again.
 */
export function validateKlassGroupForm(
  values: KlassGroupFormValues,
  image: File | null,
): Record<string, MessageKey> {
  const online = values.format === 'online';
  const inPerson = values.format === 'in_person';
  const checks: [string, MessageKey | null][] = [
    ['name', validateField(values.name, { required: true, check: (v) => v.length <= 120 })],
    ['translations.ja.name', validateField(values.name_ja, { check: (v) => v.length <= 120 })],
    ['slug', validateField(values.slug, { check: (v) => v.length <= 80 && SLUG.test(v) })],
    ['description', validateField(values.description, { check: (v) => v.length <= 5000 })],
    [
      'translations.ja.description',
      validateField(values.description_ja, { check: (v) => v.length <= 5000 }),
    ],
    ['audience', validateField(values.audience, { required: true })],
    ['format', validateField(values.format, { required: true })],
    [
      'location',
      inPerson
        ? validateField(values.location, { required: true, check: (v) => v.length <= 300 })
        : null,
    ],
    [
      'meeting_url',
      online ? validateField(values.meeting_url, { required: true, check: isWebAddress }) : null,
    ],
    ['min_age', validateField(values.min_age, age)],
    [
      'max_age',
      validateField(values.max_age, {
        ...age,
        check: (v) => values.min_age.trim() === '' || Number(v) >= Number(values.min_age),
      }),
    ],
    [
      'trial_price',
      validateField(values.trial_price, { check: (v) => dollarsToCents(v) !== null }),
    ],
  ];
  const errors: Record<string, MessageKey> = {};
  for (const [name, key] of checks) if (key) errors[name] = key;
  if (image) {
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(image.type)) {
      errors.image = 'manageClasses.form.imageType';
    } else if (image.size > IMAGE_MAX_BYTES) {
      errors.image = 'manageClasses.form.imageTooLarge';
    }
  }
  return errors;
}

const ageOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The request body's fields; call only after `validateKlassGroupForm` found nothing. */
export function klassGroupBody(values: KlassGroupFormValues): CreateKlassGroupBody['klass_group'] {
  const online = values.format === 'online';
  return {
    name: values.name.trim(),
    // Left empty, the server derives the slug from the name (create) or keeps it (edit).
    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    description: values.description.trim(),
    audience: values.audience as Audience,
    format: values.format as Format,
    location: online ? null : values.location.trim(),
    meeting_url: online ? values.meeting_url.trim() : null,
    min_age: ageOrNull(values.min_age),
    max_age: ageOrNull(values.max_age),
    trial_price: values.trial_price.trim() === '' ? null : dollarsToCents(values.trial_price),
    published: values.published,
    translations: japaneseTranslations({
      name: values.name_ja,
      description: values.description_ja,
    }),
  };
}
