import { defineResource, pageQuerySchema, textSchema } from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ResourceFormDialog } from './resource-form-dialog';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

// A resource with a translatable name, as a school would declare a room (labels: existing keys).
const roomFields = z.object({ name: textSchema({ min: 1, max: 60 }), capacity: z.int() });
const rooms = defineResource({
  name: 'room',
  type: 'rooms',
  paths: { collection: '/api/v2/rooms', member: (id) => `/api/v2/rooms/${id}` },
  fields: {
    name: { kind: 'text', label: 'managePlans.name', required: true, max: 60, translatable: true },
    capacity: { kind: 'number', label: 'managePlans.schedules', required: true },
  },
  attributes: roomFields,
  create: roomFields,
  listQuery: pageQuerySchema,
});

function renderForm(row?: Record<string, unknown>) {
  const save = vi.fn(async (fields: Record<string, unknown>) => ({ id: '1', ...fields }));
  const rendered = renderWithProviders(
    <ResourceFormDialog
      resource={rooms}
      row={row}
      title="Room"
      saveLabel="Save"
      failedLabel="Save room"
      save={save}
      onSaved={() => undefined}
      onClose={() => undefined}
      testId="room-dialog"
    />,
  );
  return { ...rendered, save, dialog: screen.getByTestId('room-dialog') };
}

describe('ResourceFormDialog', { timeout: 30_000 }, () => {
  it('shows a translatable name in English and Japanese side by side and sends both', async () => {
    const { user, save, dialog } = renderForm();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name \(English\)/ }), 'Studio A');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name \(Japanese\)/ }), 'A室');
    await user.type(within(dialog).getByRole('textbox', { name: /^Schedules/ }), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({
      name: 'Studio A',
      capacity: 8,
      translations: { ja: { name: 'A室' } },
    });
    // The body is one the contract accepts.
    expect(rooms.createBodySchema.safeParse({ room: save.mock.calls[0]?.[0] }).success).toBe(true);
  });

  it('starts from the translation kept, and sends a cleared one as empty', async () => {
    const { user, save, dialog } = renderForm({
      id: '1',
      name: 'Studio A',
      capacity: 8,
      translations: { ja: { name: 'A室' } },
    });
    const ja = within(dialog).getByRole('textbox', { name: /^Name \(Japanese\)/ });
    expect(ja).toHaveValue('A室');
    await user.clear(ja);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({
      name: 'Studio A',
      capacity: 8,
      translations: { ja: { name: '' } },
    });
  });

  it('checks a translation like its field before sending', async () => {
    const { user, save, dialog } = renderForm();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name \(English\)/ }), 'A');
    await user.type(within(dialog).getByRole('textbox', { name: /^Schedules/ }), '2');
    const ja = within(dialog).getByRole('textbox', { name: /^Name \(Japanese\)/ });
    await user.click(ja);
    await user.paste('あ'.repeat(61));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(ja).toHaveAccessibleDescription('Invalid input'));
    expect(save).not.toHaveBeenCalled();
  });
});
