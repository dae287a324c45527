import { planResource } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import {
  resourceFormBody,
  resourceFormRules,
  resourceFormValues,
} from '../../components/admin/resource-form';
import { validateForm } from '../../components/form/validation';
import { addonBody, validateAddonForm } from './addon-form';
import { planAttributes } from './classes-test-data';
import { klassTimesBody, klassTimesValues, validateKlassTimes } from './klass-times-form';

describe('moving a session', () => {
  it('starts from the session’s times in the schedule’s zone', () => {
    expect(
      klassTimesValues('2026-03-07T15:00:00.000Z', '2026-03-07T17:00:00.000Z', 'America/New_York'),
    ).toEqual({ date: '2026-03-07', start_time: '10:00', end_time: '12:00' });
  });

  it('sends wall-clock times with the offset of that day, across the DST change', () => {
    const zone = 'America/New_York';
    expect(
      klassTimesBody({ date: '2026-03-07', start_time: '10:00', end_time: '12:00' }, zone),
    ).toEqual({ starts_at: '2026-03-07T10:00:00-05:00', ends_at: '2026-03-07T12:00:00-05:00' });
    expect(
      klassTimesBody({ date: '2026-03-14', start_time: '10:00', end_time: '12:00' }, zone),
    ).toEqual({ starts_at: '2026-03-14T10:00:00-04:00', ends_at: '2026-03-14T12:00:00-04:00' });
  });

  it("says 'Required' for empty fields and 'Invalid input' for an end not after the start", () => {
    expect(validateKlassTimes({ date: '', start_time: '', end_time: '' })).toEqual({
      date: 'common.required',
      start_time: 'common.required',
      end_time: 'common.required',
    });
    expect(
      validateKlassTimes({ date: '2026-03-07', start_time: '12:00', end_time: '11:00' }),
    ).toEqual({ end_time: 'common.invalidInput' });
  });
});

describe('prices typed in dollars', () => {
  it('sends an add-on price in cents and refuses a malformed one', () => {
    expect(validateAddonForm({ name: 'Sketchbook', price: '12.5', name_ja: '' })).toEqual({});
    expect(addonBody({ name: ' Sketchbook ', price: '12.5', name_ja: ' スケッチブック ' })).toEqual(
      {
        name: 'Sketchbook',
        price: 1250,
        translations: { ja: { name: 'スケッチブック' } },
      },
    );
    expect(validateAddonForm({ name: '', price: '12.555', name_ja: '' })).toEqual({
      name: 'common.required',
      price: 'common.invalidInput',
    });
  });

  it('round-trips a plan between cents and the dollars the form shows', () => {
    // The plans page's form is the resource kit's, made from the plan's declared fields.
    const fields = planResource.fields;
    const values = resourceFormValues(fields, { id: '3', type: 'plans', ...planAttributes() });
    expect(values).toEqual({
      name: 'Per class',
      base_price: '20',
      unit_price: '30.50',
      unit_type: 'class',
      'translations.ja.name': '',
    });
    expect(resourceFormBody(fields, values)).toEqual({
      name: 'Per class',
      base_price: 2000,
      unit_price: 3050,
      unit_type: 'class',
      translations: { ja: { name: '' } },
    });
    expect(
      validateForm({ ...values, unit_price: '', unit_type: '' }, resourceFormRules(fields)),
    ).toEqual({
      unit_price: 'common.required',
      unit_type: 'common.required',
    });
  });
});
