import { z } from 'zod';

/**
 * What a family hears before its classes (docs/product.md#class-reminders): nothing, a reminder
 * before each class, or one weekly digest of the coming week's classes.
 */
export const CLASS_REMINDER_CHOICES = ['off', 'each_class', 'weekly_digest'] as const;
export const classRemindersSchema = z.enum(CLASS_REMINDER_CHOICES, { error: 'Invalid input' });
export type ClassReminders = z.infer<typeof classRemindersSchema>;

/** A new account's choice: a reminder before each class. */
export const DEFAULT_CLASS_REMINDERS: ClassReminders = 'each_class';

/** How long before a class its reminder goes out. */
export const CLASS_REMINDER_LEAD_HOURS = 24;
