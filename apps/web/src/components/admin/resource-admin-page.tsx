import type { ResourceDeclaration } from '@atelier/contract';
import Box from '@mui/material/Box';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/i18n';
import { clientConfig } from '../../lib/client-config';
import { formatCents } from '../../lib/money';
import { pageCount } from '../../lib/paged-list';
import { type ResourceHooks, type ResourceRow, resourceHooks } from '../../lib/resource-api';
import { snackbarShown } from '../../lib/snackbar-slice';
import { useAppDispatch } from '../../lib/store-hooks';
import { type AdminColumn, AdminTable } from './admin-table';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ResourceFormDialog } from './resource-form-dialog';
import { usePageParam } from './use-page-param';

/** The i18n keys of a resource page's texts; `resourcePageStrings(prefix)` names the usual ones. */
export type ResourcePageStrings = {
  tableLabel: string;
  search: string;
  create: string;
  empty: string;
  noMatch: string;
  loadFailed: string;
  createTitle: string;
  editTitle: string;
  save: string;
  saveFailed: string;
  /** `{{name}}` (or the page's `messageValues`) is the row saved or deleted. */
  created: string;
  updated: string;
  deleteTitle: string;
  deleteQuestion: string;
  deleteConfirm: string;
  deleted: string;
  deleteFailed: string;
  /** A 409 on delete; `{{count}}` is `inUseCount` of the row when given. */
  inUse: string;
};

const KIT_KEYS = [
  'tableLabel',
  'search',
  'create',
  'empty',
  'noMatch',
  'loadFailed',
  'createTitle',
  'editTitle',
  'save',
  'saveFailed',
  'created',
  'updated',
  'deleteTitle',
  'deleteQuestion',
  'deleteConfirm',
  'deleted',
  'deleteFailed',
  'inUse',
] as const;

/**
 * A page's texts from the kit's shared strings (`resourceKit.*`, made with the noun of the
 * block `prefix`: `manageRooms.noun`, `manageRooms.nouns`), each replaced by the block's own key
 * of the same name where it has one (a room's in-use message says what to move).
 */
function kitStrings(prefix: string, has: (key: string) => boolean): ResourcePageStrings {
  return Object.fromEntries(
    KIT_KEYS.map((k) => [k, has(`${prefix}.${k}`) ? `${prefix}.${k}` : `resourceKit.${k}`]),
  ) as ResourcePageStrings;
}

/** `word` with its first letter in upper case (English nouns begin a sentence or a heading). */
const capitalised = (word: string, language: string) =>
  word.charAt(0).toLocaleUpperCase(language) + word.slice(1);

/** The usual keys under `prefix` (`rooms.tableLabel`, `rooms.created`, …). */
export function resourcePageStrings(
  prefix: string,
  overrides: Partial<ResourcePageStrings> = {},
): ResourcePageStrings {
  return {
    ...(Object.fromEntries(KIT_KEYS.map((k) => [k, `${prefix}.${k}`])) as ResourcePageStrings),
    ...overrides,
  };
}

/** What a page's own form dialog gets (a coupon's form edits a window in the viewer's zone). */
export type ResourceFormProps<Row> = {
  row?: Row;
  onClose: () => void;
  onSaved: (message: string) => void;
};

export type ResourceAdminPageProps<D extends ResourceDeclaration> = {
  resource: D;
  /** Default: the kit's endpoints of `resource` (lib/resource-api.ts `resourceHooks`). */
  hooks?: Pick<ResourceHooks<D>, 'useListQuery'> & Partial<ResourceHooks<D>>;
  /**
   * The page's i18n block (`manageRooms`): its `noun` and `nouns` make the kit's shared texts,
   * and any text it holds itself under a kit key replaces the shared one.
   */
  page?: string;
  /** The keys of every text, instead of `page`'s (a page whose texts are all its own). */
  strings?: ResourcePageStrings;
  /**
   * Test ids: the page, a row (`${row}-${id}`), the form and the delete dialogs. Default, from
   * the declared name and type: `manage-rooms`, `room-row`, `room-dialog`, `delete-room-dialog`.
   */
  testIds?: { page: string; row: string; form: string; delete?: string };
  /** A row's name in messages and labels (default: its first declared text field). */
  rowName?: (row: ResourceRow<D>) => string;
  /** The values of the saved/deleted messages and the delete title (default `{ name }`). */
  messageValues?: (row: { [key: string]: unknown }) => Record<string, unknown>;
  /** The list's columns instead of the declared fields' (a page that works out its own). */
  columns?: AdminColumn<ResourceRow<D>>[];
  /** Columns after the declared fields' (how many schedules use a plan). */
  extraColumns?: AdminColumn<ResourceRow<D>>[];
  /** The page's own form instead of the declared one. */
  form?: (props: ResourceFormProps<ResourceRow<D>>) => ReactNode;
  /** What the declared form says above its fields when editing `row`. */
  formNotice?: (row: ResourceRow<D>) => ReactNode;
  /** `{{count}}` of the in-use message (default: the declaration's `uses` attribute). */
  inUseCount?: (row: ResourceRow<D>) => number;
  /** More buttons of a row (book a class for a walk-in). */
  rowActions?: (row: ResourceRow<D>) => ReactNode;
  /** More of the page: dialogs its row actions open. */
  children?: ReactNode;
};

const idOf = (row: unknown) => (row as { id: string }).id;

type Editing<Row> = { mode: 'create' } | { mode: 'edit'; row: Row } | null;

/**
 * An admin list and form page made from a declared resource (docs/architecture.md#adding-a-resource):
 * searchable and paged (`?page=`), with new, edit and delete (each only when the page's hooks
 * have it), on the shared admin kit (AdminTable, ConfirmDeleteDialog, the one form hook).
 */
export function ResourceAdminPage<D extends ResourceDeclaration>(props: ResourceAdminPageProps<D>) {
  const { resource } = props;
  type Row = ResourceRow<D>;
  const { t, i18n } = useTranslation();
  const hooks = props.hooks ?? resourceHooks(resource);
  const kebab = resource.name.replace(/_/g, '-');
  const testIds = props.testIds ?? {
    page: `manage-${resource.type.replace(/_/g, '-')}`,
    row: `${kebab}-row`,
    form: `${kebab}-dialog`,
    delete: `delete-${kebab}-dialog`,
  };
  const nameField = Object.keys(resource.fields).find((k) => resource.fields[k]?.kind === 'text');
  const rowName =
    props.rowName ?? ((row: Row) => String((row as Record<string, unknown>)[nameField ?? 'id']));
  const uses = resource.uses;
  const usesOf = (row: Row) => Number((row as Record<string, unknown>)[uses?.attribute ?? '']);
  const inUseCount = props.inUseCount ?? (uses ? usesOf : undefined);
  const prefix = props.page;
  const strings =
    props.strings ??
    kitStrings(prefix ?? '', (key) => i18n.exists(key, { count: 2 }) || i18n.exists(key));
  const noun = prefix ? t(`${prefix}.noun` as MessageKey) : '';
  const nouns = prefix ? t(`${prefix}.nouns` as MessageKey) : '';
  const nounValues = prefix
    ? {
        noun,
        nouns,
        Noun: capitalised(noun, i18n.language),
        Nouns: capitalised(nouns, i18n.language),
      }
    : {};
  const dispatch = useAppDispatch();
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const list = hooks.useListQuery({ page, search } as never);
  // The hooks a page has are fixed for its life, so calling them conditionally keeps their order.
  const [create] = hooks.useCreateMutation?.() ?? [undefined];
  const [update] = hooks.useUpdateMutation?.() ?? [undefined];
  const [remove] = hooks.useDeleteMutation?.() ?? [undefined];
  const currency = clientConfig().currency;
  const text = (key: string, values?: Record<string, unknown>) =>
    t(key as MessageKey, { ...nounValues, ...values });
  const values = (row: object) =>
    props.messageValues?.(row as { [key: string]: unknown }) ?? { name: rowName(row as Row) };
  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  const fieldColumns: AdminColumn<Row>[] = Object.entries(resource.fields)
    .filter(([, field]) => field.column !== false)
    .map(([name, field]) => {
      const value = (row: Row) => (row as Record<string, unknown>)[name];
      const numeric = field.kind === 'money' || field.kind === 'number';
      return {
        key: name,
        header: text(field.label),
        align: numeric ? ('right' as const) : undefined,
        render: (row: Row) => {
          const v = value(row);
          if (v === null || v === undefined || v === '') return '—';
          if (field.kind === 'money') return formatCents(Number(v), currency, i18n.language);
          if (field.kind === 'enum' && field.optionLabels) {
            return text(`${field.optionLabels}.${String(v)}`);
          }
          if (field.kind === 'boolean') return text(v ? 'admin.form.yes' : 'admin.form.no');
          return String(v);
        },
      };
    });
  // What uses a row (the schedules meeting in a room) is a column of its own after the fields.
  const usesColumns: AdminColumn<Row>[] = uses
    ? [{ key: uses.attribute, header: text(uses.label), align: 'right', render: usesOf }]
    : [];
  const columns = props.columns ?? [...fieldColumns, ...(props.extraColumns ?? usesColumns)];

  const close = () => setEditing(null);
  const editedRow = editing?.mode === 'edit' ? editing.row : undefined;
  const form = () => {
    if (!editing) return null;
    if (props.form) return props.form({ row: editedRow, onClose: close, onSaved: notify });
    return (
      <ResourceFormDialog
        resource={resource}
        row={editedRow as Record<string, unknown> | undefined}
        title={text(editedRow ? strings.editTitle : strings.createTitle)}
        saveLabel={text(strings.save)}
        failedLabel={text(strings.saveFailed)}
        notice={editedRow ? props.formNotice?.(editedRow) : undefined}
        save={(fields) =>
          editedRow && update
            ? update({ id: idOf(editedRow), fields: fields as never }).unwrap()
            : (create?.(fields as never).unwrap() ?? Promise.resolve())
        }
        onSaved={(saved) =>
          notify(text(editedRow ? strings.updated : strings.created, values(saved as object)))
        }
        onClose={close}
        testId={testIds.form}
      />
    );
  };

  return (
    <Box data-testid={testIds.page}>
      <AdminTable
        label={text(strings.tableLabel)}
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(row) => idOf(row)}
        rowName={rowName}
        rowData={(row) => ({ 'data-testid': `${testIds.row}-${idOf(row)}` })}
        loading={!list.data || list.isFetching}
        loadError={list.isError ? text(strings.loadFailed) : null}
        emptyText={text(strings.empty)}
        noMatchText={text(strings.noMatch)}
        search={{
          label: text(strings.search),
          onSearch: (term) => {
            setPage(1);
            setSearch(term);
          },
        }}
        create={
          create || props.form
            ? { label: text(strings.create), onClick: () => setEditing({ mode: 'create' }) }
            : undefined
        }
        onEdit={update || props.form ? (row) => setEditing({ mode: 'edit', row }) : undefined}
        onDelete={remove ? setDeleting : undefined}
        rowActions={props.rowActions}
        paging={{
          kind: 'pages',
          page,
          pageCount: list.data ? pageCount(list.data.meta) : 1,
          onPageChange: setPage,
        }}
      />
      {form()}
      {deleting && remove && (
        <ConfirmDeleteDialog
          title={text(strings.deleteTitle, values(deleting))}
          question={text(strings.deleteQuestion)}
          confirmLabel={text(strings.deleteConfirm)}
          onConfirm={() => remove(idOf(deleting)).unwrap()}
          onDeleted={() => {
            notify(text(strings.deleted, values(deleting)));
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
          inUseMessage={text(strings.inUse, {
            count: inUseCount ? Math.max(1, inUseCount(deleting)) : 1,
          })}
          failedMessage={text(strings.deleteFailed)}
          testId={testIds.delete}
        />
      )}
      {props.children}
    </Box>
  );
}

/**
 * The admin page of `resource` with nothing of its own: its fields, its uses, the kit's texts with
 * the noun of the i18n block `page` (docs/architecture.md#adding-a-resource).
 */
export function resourcePage<D extends ResourceDeclaration>(resource: D, page: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per resource, when its feature's index is loaded, and kept as a component of the module is
  return function DeclaredResourcePage() {
    return <ResourceAdminPage resource={resource} page={page} />;
  };
}
