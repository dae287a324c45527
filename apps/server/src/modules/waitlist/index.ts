// The waitlist module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export { type WaitlistPluginOptions, waitlistContextOf, waitlistPlugin } from './waitlist.routes';
export {
  acceptOffers,
  type OfferMade,
  offerFreedSeats,
  seatsFreed,
  sweepWaitlists,
  type WaitlistContext,
} from './waitlist.service';
