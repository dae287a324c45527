import type { ChangeEvent } from 'react';

/**
 * The kit's `useForm` fields take change events; controls that report a plain value (a select, an
 * autocomplete) go through this. Only `target.value` is read by the form.
 */
export function valueEvent(value: string): ChangeEvent<HTMLInputElement> {
  return { target: { value } } as ChangeEvent<HTMLInputElement>;
}

/** The kit's field message as a string for controls outside the kit ('' when there is none). */
export function fieldMessage(field: { error: boolean; helperText: string }): string {
  return field.error ? field.helperText : '';
}
