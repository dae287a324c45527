/** Paths of class reminders (docs/product.md#class-reminders). */
export const REMINDERS_API = {
  /**
   * A mailed, signed link that needs no sign-in: GET shows a confirmation page, POST (the page's
   * button, or a mail client's one-click `List-Unsubscribe-Post`) turns the family's reminders off.
   */
  unsubscribe: (token: string) => `/api/v1/class_reminders/unsubscribe/${token}`,
} as const;
