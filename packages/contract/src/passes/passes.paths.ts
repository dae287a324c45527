type Id = string | number;

/** API paths of class passes and drop-ins (docs/product.md#class-passes-and-drop-ins). */
export const PASSES_API = {
  /** GET a page of passes on sale (any signed-in user); POST a pass (admins). */
  passes: '/api/v2/passes',
  /** GET one pass; PUT replaces it, DELETE removes it (admins; 409 once bought). */
  pass: (id: Id) => `/api/v2/passes/${id}`,
  /** GET the signed-in family's passes with their visits and drop-ins, newest first. */
  purchases: '/api/v2/account/pass_purchases',
  /** POST {klass_id, attendee_profile_id, pass_purchase_id}: books a visit with a pass. */
  dropIns: '/api/v2/drop_ins',
  /** DELETE: cancels a visit before its class starts; the visit comes back. */
  dropIn: (id: Id) => `/api/v2/drop_ins/${id}`,
  /** GET `?pass_purchase_id=`: upcoming classes with a free seat the pass may book. */
  dropInOptions: '/api/v2/drop_ins/options',
} as const;
