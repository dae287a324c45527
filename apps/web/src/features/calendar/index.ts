// The calendar feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { CalendarFeedPanel } from './components/calendar-feed';
export { KlassCalendar } from './components/klass-calendar';
