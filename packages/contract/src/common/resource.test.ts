import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { pageQuerySchema } from './page.schemas';
import { defineResource } from './resource';
import { textSchema } from './text.schemas';

// A room as a school would declare one: a translatable name, a capacity, a notes field.
const roomFields = z.object({
  name: textSchema({ min: 1, max: 60 }),
  capacity: z.int().min(1),
  notes: textSchema({ max: 200 }),
});
const rooms = defineResource({
  name: 'room',
  type: 'rooms',
  paths: { collection: '/api/v2/rooms', member: (id) => `/api/v2/rooms/${id}` },
  fields: {
    name: { kind: 'text', label: 'rooms.name', required: true, max: 60, translatable: true },
    capacity: { kind: 'number', label: 'rooms.capacity', required: true },
    notes: { kind: 'multiline', label: 'rooms.notes', column: false },
  },
  attributes: roomFields.extend({ created_at: z.string() }),
  create: roomFields,
  listQuery: pageQuerySchema,
});

describe('defineResource', () => {
  it('names its translatable fields and sends them as translations beside the field', () => {
    expect(rooms.translatable).toEqual(['name']);
    const body = rooms.createBodySchema.parse({
      room: { name: ' Studio A ', capacity: 8, notes: '', translations: { ja: { name: ' A室 ' } } },
    });
    expect(body.room).toEqual({
      name: 'Studio A',
      capacity: 8,
      notes: '',
      translations: { ja: { name: 'A室' } },
    });
    expectTypeOf(body.room.translations).toEqualTypeOf<
      { ja?: Partial<Record<'name', string>> } | undefined
    >();
  });

  it('checks a translation like the field, and refuses translations of other fields', () => {
    const issues = (translations: unknown) =>
      rooms.updateBodySchema
        .safeParse({ room: { name: 'A', capacity: 1, notes: '', translations } })
        .error?.issues.map((i) => i.path.join('.'));
    expect(issues({ ja: { name: 'x'.repeat(61) } })).toEqual(['room.translations.ja.name']);
    expect(issues({ ja: { notes: 'memo' } })).toEqual(['room.translations.ja']);
    expect(issues({ fr: { name: 'Salle' } })).toEqual(['room.translations']);
    expect(issues(undefined)).toBeUndefined();
  });

  it('adds no translations to a resource without translatable fields, and PUT by default', () => {
    const plain = defineResource({
      name: 'tag',
      type: 'tags',
      paths: { collection: '/t', member: (id) => `/t/${id}` },
      fields: { name: { kind: 'text', label: 'tags.name' } },
      attributes: z.object({ name: z.string() }),
      create: z.object({ name: z.string() }),
      listQuery: pageQuerySchema,
    });
    expect(plain.updateMethod).toBe('PUT');
    expect(plain.translatable).toEqual([]);
    expect(plain.createBodySchema.shape.tag.shape).not.toHaveProperty('translations');
  });

  it('makes plain documents and flat shapes of the attributes when none are given', () => {
    const answer = {
      data: [
        {
          id: '1',
          type: 'rooms',
          attributes: { name: 'Studio A', capacity: 8, notes: '', created_at: 'now' },
        },
      ],
      meta: { total: 1, page: 1, per_page: 20 },
    };
    expect(rooms.listDocumentSchema.parse(answer)).toEqual(answer);
    expect(rooms.documentSchema.safeParse({ data: answer.data[0] }).success).toBe(true);
    expect(
      rooms.flatSchema.parse({ id: '1', type: 'rooms', ...answer.data[0]?.attributes }),
    ).toMatchObject({ id: '1', name: 'Studio A' });
  });

  it('refuses a translatable field its body does not have', () => {
    expect(() =>
      defineResource({
        name: 'bad',
        type: 'bads',
        paths: { collection: '/b', member: (id) => `/b/${id}` },
        fields: { title: { kind: 'text', label: 'x', translatable: true } },
        attributes: z.object({}),
        create: z.object({ name: z.string() }),
        listQuery: pageQuerySchema,
      }),
    ).toThrow(/title/);
  });

  it('takes an empty translation of a required field (it clears the translation), not a long one', () => {
    const required = defineResource({
      name: 'room',
      type: 'rooms',
      paths: {
        collection: '/api/v1/rooms',
        member: (id: string | number) => `/api/v1/rooms/${id}`,
      },
      fields: {
        name: { kind: 'text', label: 'rooms.name', required: true, max: 5, translatable: true },
      },
      attributes: z.object({ name: z.string() }),
      create: z.object({ name: textSchema({ max: 5, min: 1 }) }),
      listQuery: pageQuerySchema,
    });
    const body = (ja: string) => ({ room: { name: 'Loft', translations: { ja: { name: ja } } } });
    expect(required.createBodySchema.safeParse(body('')).success).toBe(true);
    expect(required.createBodySchema.safeParse(body('アトリエ')).success).toBe(true);
    expect(required.createBodySchema.safeParse(body('長すぎる名前です')).success).toBe(false);
  });
});
