import { z } from 'zod';
import { defineResource } from '../common/resource';
import { planListDocumentSchema } from './admin-documents.schemas';
import { MAX_PRICE_CENTS, UNIT_TYPES } from './classes.constants';
import { CLASSES_API } from './classes.paths';
import { planFlatSchema } from './flat.schemas';
import {
  planAttributesSchema,
  planDocumentSchema,
  planFieldsSchema,
  planListQuerySchema,
} from './plans.schemas';

/** Plans as an admin-managed resource (docs/architecture.md#adding-a-resource). */
export const planResource = defineResource({
  name: 'plan',
  type: 'plans',
  paths: { collection: CLASSES_API.plans, member: CLASSES_API.plan },
  fields: {
    name: { kind: 'text', label: 'managePlans.name', required: true, max: 120, translatable: true },
    base_price: {
      kind: 'money',
      label: 'managePlans.basePrice',
      required: true,
      max: MAX_PRICE_CENTS,
      hint: 'managePlans.basePriceHint',
      initial: '0',
    },
    unit_price: {
      kind: 'money',
      label: 'managePlans.unitPrice',
      required: true,
      max: MAX_PRICE_CENTS,
    },
    unit_type: {
      kind: 'enum',
      label: 'managePlans.unitType',
      required: true,
      options: UNIT_TYPES,
      optionLabels: 'managePlans.unitTypeNames',
    },
  },
  attributes: planAttributesSchema,
  create: planFieldsSchema,
  update: planFieldsSchema.partial(),
  // A plan a schedule offers is not deleted; schedules show its price.
  uses: { attribute: 'schedules_count', label: 'managePlans.schedules' },
  shownIn: ['klass_group', 'klass_group_schedule'],
  updateMethod: 'PATCH',
  listQuery: planListQuerySchema,
  documents: { list: planListDocumentSchema, member: planDocumentSchema },
  flat: { list: z.array(planFlatSchema), member: planFlatSchema },
});
