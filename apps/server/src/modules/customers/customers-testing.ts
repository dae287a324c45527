/**
 * Someone to call, as staff type it at the desk: everyone booked for a walk-in has one
 * (docs/product.md#the-childs-card), so the tests' walk-in bookings give this one.
 */
export const deskContact = { name: 'Dee Desk', relation: 'aunt', phone: '+1 212 555 0100' };
