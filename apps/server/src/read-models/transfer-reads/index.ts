// Transfers' reads across the classes, enrollments, orders and users tables
// (docs/decisions/054-module-boundaries.md): app.ts hands them to the transfers module's context.
import type { TransferReads } from '../../modules/transfers';
import {
  enrollmentFacts,
  familyContact,
  familyEnrollments,
  planFacts,
  scheduleFacts,
  schedulesOfferingPlan,
  schedulesOfProgramme,
} from './transfer-reads.queries';

/** The transfers module's reads, as its context takes them. */
export const transferReads: TransferReads = {
  enrollmentFacts,
  scheduleFacts,
  planFacts,
  familyContact,
  familyEnrollments,
  schedulesOfferingPlan,
  schedulesOfProgramme,
};
