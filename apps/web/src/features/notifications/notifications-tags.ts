/**
 * The unread count's tag: whatever may have changed the count asks for it again by this tag
 * (the endpoints and the live channel both name it, so it lives apart from either).
 */
export const UNREAD_COUNT_TAG = { type: 'Notification' as const, id: 'UNREAD' };
