import {
  type FamilyEnrollmentsDocument,
  familyEnrollmentsDocumentSchema,
  TRANSFERS_API,
  type TransferAttributes,
  type TransferOption,
  transferDocumentSchema,
  transferOptionsDocumentSchema,
} from '@atelier/contract';
import { api, reportLoadFailure } from '../../lib/api';

const FAMILY = { type: 'Enrollment' as const, id: 'FAMILY' };

/** What a move asks: the place, the class and plan to move to, and whether only to preview. */
export type TransferArgs = {
  enrollmentId: string;
  scheduleId: string;
  planId: string;
  dryRun: boolean;
  /** Staff move through the admin route; a family through its own. */
  asStaff: boolean;
};

/** Transfers between schedules (docs/product.md#transfers). */
export const transfersApi = api.injectEndpoints({
  endpoints: (build) => ({
    familyEnrollments: build.query<FamilyEnrollmentsDocument, void>({
      query: () => TRANSFERS_API.familyEnrollments,
      transformResponse: (raw: unknown) => familyEnrollmentsDocumentSchema.parse(raw),
      providesTags: [FAMILY],
      onQueryStarted: reportLoadFailure,
    }),
    transferOptions: build.query<TransferOption[], string>({
      query: (enrollmentId) => TRANSFERS_API.options(enrollmentId),
      transformResponse: (raw: unknown) => transferOptionsDocumentSchema.parse(raw).data,
      providesTags: [FAMILY],
    }),
    transfer: build.mutation<TransferAttributes, TransferArgs>({
      query: ({ enrollmentId, scheduleId, planId, dryRun, asStaff }) => ({
        url: asStaff
          ? TRANSFERS_API.adminTransfer(enrollmentId)
          : TRANSFERS_API.transfer(enrollmentId),
        method: 'POST',
        data: { schedule_id: scheduleId, plan_id: planId, dry_run: dryRun },
      }),
      transformResponse: (raw: unknown) => transferDocumentSchema.parse(raw).data.attributes,
      // A preview changes nothing; a move changes the family's classes, sessions, rolls and ledger.
      invalidatesTags: (_r, error, args) =>
        error || args.dryRun
          ? []
          : [FAMILY, 'Klass', 'Attendance', 'Customer', 'Ledger', 'Makeup', 'KlassGroupSchedule'],
    }),
  }),
});

export const { useFamilyEnrollmentsQuery, useTransferOptionsQuery, useTransferMutation } =
  transfersApi;
