import { z } from 'zod';
import { plainResourceObjectSchema } from './json-api';
import { pageMetaSchema } from './page.schemas';
import { textSchema } from './text.schemas';
import { translationsSchema } from './translations.schemas';

// A simple admin-managed resource declared once (docs/architecture.md#adding-a-resource,
// docs/decisions/058-resource-kit.md): its paths, the shapes of its bodies, query and answers,
// and how each field is shown and edited. The server's route kit (lib/resource-routes.ts) and the
// web's endpoint and page kits (lib/resource-api.ts, components/admin/resource-admin-page.tsx)
// are made from this declaration, so a field is named here and nowhere else but in its module.

/** How a field is shown in a list and edited in a form. */
export type ResourceFieldKind = 'text' | 'multiline' | 'number' | 'money' | 'enum' | 'boolean';

/** One field of a resource as the admin page shows it. Labels are i18n keys of the web. */
export type ResourceField = {
  kind: ResourceFieldKind;
  /** The i18n key of the field's label (the form) and header (the list). */
  label: string;
  /** A value is needed (the form marks it and checks it before sending). */
  required?: boolean;
  /** Text: the most characters (checked by the form before sending; the contract checks too). */
  max?: number;
  /** Enum: the values, in the order the form offers them. */
  options?: readonly string[];
  /** Enum: the i18n key prefix of the values' names (`${optionLabels}.${value}`). */
  optionLabels?: string;
  /** The i18n key of a hint under the field. */
  hint?: string;
  /** A new form's value (the form's text), when not empty. */
  initial?: string;
  /** Text: an empty value is sent as null (an optional e-mail), not as ''. */
  nullable?: boolean;
  /** Text: the kind of input a phone's keyboard is chosen for. */
  inputType?: 'email' | 'tel';
  /** Shown as a column of the admin list (default true). */
  column?: boolean;
  /**
   * Text the school writes in every interface language: the form shows English and Japanese side
   * by side and sends `translations: { ja: { <field>: '…' } }` beside the default-language value.
   */
  translatable?: boolean;
};

type Id = string | number;

/** How many rows use a member, as its answers say it (decision 058, `uses`). */
export type ResourceUses = {
  /** The attribute of the answers holding the count (`schedules_count`). */
  attribute: string;
  /** The i18n key of its column in the admin list. */
  label: string;
};
type AnyObject = z.ZodObject<z.ZodRawShape>;

/** The fields of `F` marked translatable. */
export type TranslatableKeys<F> = {
  [K in keyof F]: F[K] extends { translatable: true } ? K : never;
}[keyof F] &
  string;

/** A body's fields with `translations` beside them when some field is translatable. */
export type WithTranslations<S extends AnyObject, K extends string> = [K] extends [never]
  ? S
  : z.ZodObject<
      Omit<S['shape'], 'translations'> & {
        translations: z.ZodOptional<z.ZodType<{ ja?: Partial<Record<K, string>> }>>;
      }
    >;

type MemberDocumentOf<T extends string, A extends AnyObject> = z.ZodObject<{
  data: ReturnType<typeof plainResourceObjectSchema<T, A>>;
}>;
type ListDocumentOf<T extends string, A extends AnyObject> = z.ZodObject<{
  data: z.ZodArray<ReturnType<typeof plainResourceObjectSchema<T, A>>>;
  meta: typeof pageMetaSchema;
}>;
type FlatOf<T extends string, A extends AnyObject> = z.ZodObject<
  A['shape'] & { id: z.ZodString; type: z.ZodLiteral<T> }
>;

/** What `defineResource` takes. */
export type ResourceInput<
  N extends string,
  T extends string,
  F extends Record<string, ResourceField>,
  A extends AnyObject,
  C extends AnyObject,
  U extends AnyObject,
  Q extends AnyObject,
  LD extends z.ZodType,
  MD extends z.ZodType,
  LF extends z.ZodType,
  MF extends z.ZodType,
> = {
  /** The body's member (`{ plan: {…} }`) and the stem of the web's endpoint names. */
  name: N;
  /** The JSON:API type of its resources (`plans`). */
  type: T;
  /** Its collection path (GET a page, POST) and member path (GET, PUT or PATCH, DELETE). */
  paths: { collection: string; member: (id: Id) => string };
  /** The fields the admin page lists and edits, in their order. */
  fields: F;
  /** The attributes of its answers. */
  attributes: A;
  /** The fields of a POST body. */
  create: C;
  /** The fields of an update body (default `create`: PUT replaces every field). */
  update?: U;
  /** PUT (replace, the default) or PATCH (change the fields sent). */
  updateMethod?: 'PUT' | 'PATCH';
  /** The list's query: page, and search or filters if any. */
  listQuery: Q;
  /**
   * What uses a member: the attribute of the answers counting the rows that point at it
   * (`schedules_count`), and its column's label. The server's kit fills it in and refuses a
   * delete while it is above zero (409); the web's page lists it and says it on that 409.
   */
  uses?: ResourceUses;
  /**
   * The names (singular, as `name`) of other resources whose answers show this one's fields (a
   * room's name on a schedule): a change makes the web read them again.
   */
  shownIn?: readonly string[];
  /** Answers with relationships or a fuller member: default plain resources of `attributes`. */
  documents?: { list: LD; member: MD };
  /** The answers as the web holds them after `flatten` (default: attributes beside id and type). */
  flat?: { list: LF; member: MF };
};

/** A declared resource: the input, and the schemas both sides are made from. */
export type ResourceDeclaration<
  N extends string = string,
  T extends string = string,
  F extends Record<string, ResourceField> = Record<string, ResourceField>,
  A extends AnyObject = AnyObject,
  C extends AnyObject = AnyObject,
  U extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  LD extends z.ZodType = z.ZodType,
  MD extends z.ZodType = z.ZodType,
  LF extends z.ZodType = z.ZodType,
  MF extends z.ZodType = z.ZodType,
> = {
  name: N;
  type: T;
  paths: { collection: string; member: (id: Id) => string };
  fields: F;
  attributes: A;
  updateMethod: 'PUT' | 'PATCH';
  listQuery: Q;
  uses?: ResourceUses;
  shownIn: readonly string[];
  /** The translatable text fields, in declaration order. */
  translatable: readonly (keyof F & string)[];
  /** `{ [name]: create fields (and translations) }`. */
  createBodySchema: z.ZodObject<{ [K in N]: WithTranslations<C, TranslatableKeys<F>> }>;
  /** `{ [name]: update fields (and translations) }`. */
  updateBodySchema: z.ZodObject<{ [K in N]: WithTranslations<U, TranslatableKeys<F>> }>;
  listDocumentSchema: LD;
  documentSchema: MD;
  listFlatSchema: LF;
  flatSchema: MF;
};

/**
 * Adds `translations` for the translatable fields `keys` of `fields`, beside them. A translation
 * may be empty (that clears it: the default language shows), so it is checked as optional text of
 * the field's length, not with the field's own schema, which may require a value.
 */
function withTranslations(
  fields: AnyObject,
  declared: Record<string, ResourceField>,
  keys: readonly string[],
): AnyObject {
  if (keys.length === 0) return fields;
  const texts = Object.fromEntries(
    keys.map((k) => [
      k,
      textSchema({ max: declared[k]?.max ?? 1000, multiline: declared[k]?.kind === 'multiline' }),
    ]),
  );
  // safeExtend: a fields schema with cross-field refinements keeps them.
  return fields.safeExtend({ translations: translationsSchema(texts).optional() });
}

/**
 * Declares a resource (docs/architecture.md#adding-a-resource). Fields marked `translatable` get
 * `translations: { ja: { field } }` in the create and update bodies, checked like the field.
 */
export function defineResource<
  const N extends string,
  const T extends string,
  const F extends Record<string, ResourceField>,
  A extends AnyObject,
  C extends AnyObject,
  Q extends AnyObject,
  U extends AnyObject = C,
  LD extends z.ZodType = ListDocumentOf<T, A>,
  MD extends z.ZodType = MemberDocumentOf<T, A>,
  LF extends z.ZodType = z.ZodArray<FlatOf<T, A>>,
  MF extends z.ZodType = FlatOf<T, A>,
>(
  input: ResourceInput<N, T, F, A, C, U, Q, LD, MD, LF, MF>,
): ResourceDeclaration<N, T, F, A, C, U, Q, LD, MD, LF, MF> {
  const translatable = Object.keys(input.fields).filter(
    (k) => input.fields[k]?.translatable,
  ) as TranslatableKeys<F>[];
  for (const key of translatable) {
    if (!(key in input.create.shape)) {
      throw new Error(`${input.name}: translatable field ${key} is not a field of its body`);
    }
  }
  if (input.uses && !(input.uses.attribute in input.attributes.shape)) {
    throw new Error(`${input.name}: uses.attribute ${input.uses.attribute} is not an attribute`);
  }
  const body = (fields: AnyObject) =>
    z.object({ [input.name]: withTranslations(fields, input.fields, translatable) });
  const resourceSchema = plainResourceObjectSchema(input.type, input.attributes);
  const flat = input.attributes.extend({ id: z.string(), type: z.literal(input.type) });
  return {
    name: input.name,
    type: input.type,
    paths: input.paths,
    fields: input.fields,
    attributes: input.attributes,
    updateMethod: input.updateMethod ?? 'PUT',
    listQuery: input.listQuery,
    ...(input.uses ? { uses: input.uses } : {}),
    shownIn: input.shownIn ?? [],
    translatable,
    createBodySchema: body(input.create) as never,
    updateBodySchema: body(input.update ?? input.create) as never,
    listDocumentSchema: (input.documents?.list ??
      z.object({ data: z.array(resourceSchema), meta: pageMetaSchema })) as LD,
    documentSchema: (input.documents?.member ?? z.object({ data: resourceSchema })) as MD,
    listFlatSchema: (input.flat?.list ?? z.array(flat)) as LF,
    flatSchema: (input.flat?.member ?? flat) as MF,
  };
}
