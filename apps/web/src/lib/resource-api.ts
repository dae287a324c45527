import { parseDocument, type ResourceDeclaration } from '@atelier/contract';
import type { TypedUseMutation, TypedUseQuery } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import { api, type httpBaseQuery, reportLoadFailure } from './api';
import { type Paged, parsePaged } from './paged-list';

// The endpoints of a declared resource (docs/architecture.md#adding-a-resource, decision 058):
// a page of the list, one member, create, update and delete, parsed with the declaration's flat
// schemas. The list provides the resource's LIST tag and one tag per row; a write invalidates LIST
// (and what else the feature names) so the list is read again in its order, and puts the answer
// in the member's cache entry, which is then not read again. The tag is made from the declared
// name (`user_group` → `UserGroup`) and added to the api's tag types here, so a new resource does
// not touch lib/api.ts; another feature naming that tag in its own endpoints lists it there too.

type Invalidated = Parameters<typeof api.util.invalidateTags>[0];
/** A tag type of the app's api ('Plan', 'Coupon', …). */
export type ApiTag = Extract<Invalidated[number], string>;

const LIST = 'LIST';

/** The list's arguments: the page, and the declaration's search and filters. */
export type ResourceListArgs<D extends ResourceDeclaration> = { page: number } & Omit<
  z.input<D['listQuery']>,
  'page'
>;
export type ResourceRow<D extends ResourceDeclaration> =
  z.output<D['listFlatSchema']> extends readonly (infer T)[] ? T : never;
export type ResourceMember<D extends ResourceDeclaration> = z.output<D['flatSchema']>;
export type ResourceCreateFields<D extends ResourceDeclaration> = z.input<
  D['createBodySchema']
>[D['name']];
export type ResourceUpdateFields<D extends ResourceDeclaration> = z.input<
  D['updateBodySchema']
>[D['name']];

/** The tag type of a resource's cache entries: its declared name in PascalCase. */
export function resourceTag(resource: Pick<ResourceDeclaration, 'name'>): string {
  return resource.name
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

export type ResourceEndpointOptions = {
  /** Tags a write makes stale besides the list (a plan's price shows on schedules). */
  alsoInvalidates?: { create?: Invalidated; update?: Invalidated; delete?: Invalidated };
};

type Base = typeof httpBaseQuery;

// The endpoints' names are made at run time, so RTK Query cannot type them: the member's entry
// is written through this untyped view of upsertQueryData.
const upsertMember = api.util.upsertQueryData as unknown as (
  endpoint: string,
  id: string,
  data: unknown,
) => unknown;

/** The hooks of a resource's endpoints. */
export type ResourceHooks<D extends ResourceDeclaration> = {
  useListQuery: TypedUseQuery<Paged<ResourceRow<D>>, ResourceListArgs<D>, Base>;
  useGetQuery: TypedUseQuery<ResourceMember<D>, string, Base>;
  useCreateMutation: TypedUseMutation<ResourceMember<D>, ResourceCreateFields<D>, Base>;
  useUpdateMutation: TypedUseMutation<
    ResourceMember<D>,
    { id: string; fields: ResourceUpdateFields<D> },
    Base
  >;
  useDeleteMutation: TypedUseMutation<void, string, Base>;
};

/** Drops empty filters: `?search=` is not sent when there is nothing to search for. */
function listParams(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

const made = new Map<string, unknown>();

/**
 * The hooks of `resource`'s endpoints, added to the app's api the first time they are asked for
 * and the same ones after: a page and a picker of the same resource share its cache. A write
 * makes stale the list and the resources the declaration says show it (`shownIn`: a room's name
 * on its schedules).
 */
export function resourceHooks<D extends ResourceDeclaration>(resource: D): ResourceHooks<D> {
  const known = made.get(resource.type);
  if (known) return known as ResourceHooks<D>;
  const shown = resource.shownIn.map((name) => resourceTag({ name }) as ApiTag);
  return resourceEndpoints(
    resource,
    shown.length > 0 ? { alsoInvalidates: { update: shown } } : {},
  );
}

/**
 * Adds the endpoints of `resource` to the app's api and answers their hooks (once per resource:
 * asked again, it answers the first hooks). A feature whose resource says where it shows needs
 * only `resourceHooks`; one naming other tags to invalidate calls this in its `<feature>-api.ts`
 * and re-exports the hooks under its own names; endpoints the resource has beyond these (a
 * group's members) are injected beside them as usual.
 */
export function resourceEndpoints<D extends ResourceDeclaration>(
  resource: D,
  options: ResourceEndpointOptions = {},
): ResourceHooks<D> {
  const known = made.get(resource.type);
  if (known) return known as ResourceHooks<D>;
  const { alsoInvalidates = {} } = options;
  // A tag made at run time is not one of the api's declared types: RTK Query takes it once added
  // (enhanceEndpoints mutates the one api), and the casts below name it as one for the types.
  const tag = resourceTag(resource) as ApiTag;
  api.enhanceEndpoints({ addTagTypes: [tag] });
  const names = {
    list: `${resource.type}:list`,
    get: `${resource.type}:get`,
    create: `${resource.type}:create`,
    update: `${resource.type}:update`,
    delete: `${resource.type}:delete`,
  };
  const listTag = { type: tag, id: LIST };
  const member = (raw: unknown) => parseDocument(resource.flatSchema, raw) as ResourceMember<D>;
  const body = (fields: unknown) => ({ [resource.name]: fields });
  // The answer of a write is the member as GET would answer it: keep it for whoever reads it.
  const keepAnswer = async (
    _arg: unknown,
    {
      dispatch,
      queryFulfilled,
    }: {
      dispatch: (action: unknown) => unknown;
      queryFulfilled: Promise<{ data: ResourceMember<D> }>;
    },
  ) => {
    try {
      const { data } = await queryFulfilled;
      const id = (data as { id: string }).id;
      dispatch(upsertMember(names.get, id, data));
    } catch {
      // A failed write leaves the cache as it was; the caller reports it.
    }
  };

  const injected = api.injectEndpoints({
    endpoints: (build) => ({
      [names.list]: build.query<Paged<ResourceRow<D>>, ResourceListArgs<D>>({
        query: (args) => ({
          url: resource.paths.collection,
          params: listParams(args as Record<string, unknown>),
        }),
        transformResponse: (raw: unknown) =>
          parsePaged(resource.listFlatSchema as z.ZodType<ResourceRow<D>[]>, raw),
        providesTags: (result) => [
          listTag,
          ...(result?.items ?? []).map((row) => ({ type: tag, id: (row as { id: string }).id })),
        ],
        onQueryStarted: reportLoadFailure,
      }),
      [names.get]: build.query<ResourceMember<D>, string>({
        query: (id) => resource.paths.member(id),
        transformResponse: member,
        providesTags: (_result, _error, id) => [{ type: tag, id }],
      }),
      [names.create]: build.mutation<ResourceMember<D>, ResourceCreateFields<D>>({
        query: (fields) => ({ url: resource.paths.collection, method: 'POST', data: body(fields) }),
        transformResponse: member,
        invalidatesTags: (_result, error) =>
          error ? [] : [listTag, ...(alsoInvalidates.create ?? [])],
        onQueryStarted: keepAnswer,
      }),
      [names.update]: build.mutation<
        ResourceMember<D>,
        { id: string; fields: ResourceUpdateFields<D> }
      >({
        query: ({ id, fields }) => ({
          url: resource.paths.member(id),
          method: resource.updateMethod,
          data: body(fields),
        }),
        transformResponse: member,
        invalidatesTags: (_result, error) =>
          error ? [] : [listTag, ...(alsoInvalidates.update ?? [])],
        onQueryStarted: keepAnswer,
      }),
      [names.delete]: build.mutation<void, string>({
        query: (id) => ({ url: resource.paths.member(id), method: 'DELETE' }),
        invalidatesTags: (_result, error) =>
          error ? [] : [listTag, ...(alsoInvalidates.delete ?? [])],
      }),
    }),
  });

  // The names are made at run time, so the endpoints' own types are a union: name each hook's.
  const endpoints = injected.endpoints as unknown as Record<
    string,
    { useQuery?: unknown; useMutation?: unknown }
  >;
  const hooks: ResourceHooks<D> = {
    useListQuery: endpoints[names.list]?.useQuery as ResourceHooks<D>['useListQuery'],
    useGetQuery: endpoints[names.get]?.useQuery as ResourceHooks<D>['useGetQuery'],
    useCreateMutation: endpoints[names.create]
      ?.useMutation as ResourceHooks<D>['useCreateMutation'],
    useUpdateMutation: endpoints[names.update]
      ?.useMutation as ResourceHooks<D>['useUpdateMutation'],
    useDeleteMutation: endpoints[names.delete]
      ?.useMutation as ResourceHooks<D>['useDeleteMutation'],
  };
  made.set(resource.type, hooks);
  return hooks;
}
