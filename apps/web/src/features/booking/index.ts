// The booking feature's public face (docs/architecture.md#repository-layout-and-layers): the
// /book_class page and the /cart/{id} editor, which share its attendee and add-on pickers. Only
// lazy routes import it, so the catalogue's schemas stay out of the first visit.

export { ageOn, filterProgrammes, fitsAges, type PageFilters } from './booking-filters';
export { catalogueApi } from './catalogue-api';
export { BookingPage } from './components/booking-page';
export { CartItemEditor } from './components/cart-item-editor';
