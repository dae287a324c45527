import type { Slot } from '@atelier/contract';
import { weekdayName } from '../../lib/format-date';

// A schedule's weekly times in the UI language; they are zone-free, as the schedule was typed.

/** The weekly times: 'Sat 10:00–12:00, Wed 16:00–17:30'. */
export function formatSlots(slots: Slot[], locale: string): string {
  return slots
    .map((slot) => `${weekdayName(slot.weekday, locale)} ${slot.start_time}–${slot.end_time}`)
    .join(', ');
}
