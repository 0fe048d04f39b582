import { DeliverySettingsForm } from '@servery/contracts/settings-delivery-form';
import { TenantFile } from '@servery/contracts/tenant-file';
import { describe, expect, it } from 'vitest';
import { fieldProblemErrorMap, problemOf } from '../../components/ui/form/field-problem';
import { commaList as checkoutList, deliveryOptions } from '../../ordering/checkout/checkout-delivery-model';
import {
  applyDelivery,
  commaList,
  deliveryFieldOf,
  deliveryLosses,
  deliveryValues,
  withoutDelivery,
  type DeliveryFile,
} from './delivery-file';

const HARBOUR: DeliveryFile = {
  delivery: {
    type: 'custom',
    radius_km: 25,
    delivery_charge: '35$',
    custom_locations: 'Palais des congrès de Montréal,Marché Bonsecours, Centre PHI,,Gare Windsor',
    location_label: 'Floor, room or loading dock',
    localization: { 'fr-CA': { location_label: 'Étage, salle ou quai de livraison' } },
  },
};

const SCHOOL: DeliveryFile = {
  delivery: {
    type: 'custom',
    schools: [{ name: 'Maple Grove Public School', grades: 'K,1,2', classrooms: '', teachers: '' }],
    stadium_sections: '',
  },
};

const parseFile = (file: DeliveryFile) =>
  TenantFile.safeParse({ id: 1, slug: 'harbour', name: 'Harbour', province: 'QC', tax_rate: {}, ...file });

describe('the delivery in the file and back', () => {
  it('reads the comma lists as one row per place, trimmed, empty ones left out, as the checkout reads them', () => {
    const values = deliveryValues(HARBOUR);
    expect(values).toEqual({
      charge: { kind: 'dollar', value: '35' },
      radius: '25',
      locations: ['Palais des congrès de Montréal', 'Marché Bonsecours', 'Centre PHI', 'Gare Windsor'].map((name) => ({ name })),
      areas: [],
      location_label_en: 'Floor, room or loading dock',
      location_label_fr: 'Étage, salle ou quai de livraison',
      areas_label_en: '',
      areas_label_fr: '',
    });
    expect(values.locations.map((place) => place.name)).toEqual(checkoutList(HARBOUR.delivery!.custom_locations));
  });

  it('reads a restaurant that does not deliver as an empty form', () => {
    expect(deliveryValues({ delivery: null })).toEqual({
      charge: { kind: 'none', value: '' },
      radius: '',
      locations: [],
      areas: [],
      location_label_en: '',
      location_label_fr: '',
      areas_label_en: '',
      areas_label_fr: '',
    });
  });

  it.each<[string, DeliveryFile, Partial<DeliverySettingsForm>, Record<string, unknown>]>([
    [
      'nothing changed',
      HARBOUR,
      {},
      { ...HARBOUR.delivery, custom_locations: 'Palais des congrès de Montréal,Marché Bonsecours,Centre PHI,Gare Windsor' },
    ],
    [
      'a location added and one removed, trimmed',
      HARBOUR,
      { locations: [{ name: ' Centre PHI ' }, { name: 'Lobby desk' }] },
      { custom_locations: 'Centre PHI,Lobby desk', radius_km: 25 },
    ],
    [
      'areas with their label in both languages',
      HARBOUR,
      { areas: [{ name: 'East wing' }, { name: 'West wing' }], areas_label_en: 'Wing', areas_label_fr: 'Aile' },
      {
        areas: 'East wing,West wing',
        areas_label: 'Wing',
        localization: { 'fr-CA': { location_label: 'Étage, salle ou quai de livraison', areas_label: 'Aile' } },
      },
    ],
    ['the labels cleared: ours are used', HARBOUR, { location_label_en: ' ', location_label_fr: '' }, { localization: {} }],
    ['no radius and no charge', HARBOUR, { radius: '', charge: { kind: 'none', value: '35' } }, { radius_km: null, delivery_charge: null }],
    [
      'a radius with decimals and a percentage',
      HARBOUR,
      { radius: '12.5', charge: { kind: 'percentage', value: '8' } },
      { radius_km: 12.5, delivery_charge: '8' },
    ],
    [
      'turned on from nothing: a street address anywhere, and the charge',
      { delivery: null },
      { charge: { kind: 'dollar', value: '4.50' } },
      { type: 'custom', delivery_charge: '4.50$', radius_km: null, custom_locations: '', areas: '' },
    ],
    [
      'schools and stadium sections kept',
      SCHOOL,
      { locations: [{ name: 'Office' }] },
      { schools: SCHOOL.delivery!.schools, custom_locations: 'Office' },
    ],
  ])('%s', (_, file, change, expected) => {
    const saved = applyDelivery(file, { ...deliveryValues(file), ...change });
    expect(saved.delivery).toEqual(expect.objectContaining(expected));
    if (change.location_label_en === ' ') expect(saved.delivery).not.toHaveProperty('location_label');
    // What it saves is a file the contract takes, and the checkout offers exactly the rows typed.
    const parsed = parseFile(saved);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const values = { ...deliveryValues(file), ...change };
    const options = deliveryOptions({ delivery: parsed.data!.delivery }, 'fr-CA');
    expect(options?.locations).toEqual(values.locations.map((place) => place.name.trim()));
    expect(options?.areas).toEqual(values.areas.map((place) => place.name.trim()));
  });

  it('turns delivery off, and counts what diners lose', () => {
    expect(withoutDelivery(HARBOUR)).toEqual({ delivery: null });
    expect(deliveryLosses(HARBOUR)).toEqual({ charge: true, radius: 25, locations: 4, areas: 0, schools: 0, sections: 0 });
    expect(deliveryLosses(SCHOOL)).toEqual({ charge: false, radius: null, locations: 0, areas: 0, schools: 1, sections: 0 });
    expect(commaList(' a, ,b ')).toEqual(['a', 'b']);
  });
});

describe('the form’s rules', () => {
  const problems = (change: Partial<DeliverySettingsForm>) => {
    const parsed = DeliverySettingsForm.safeParse({ ...deliveryValues(HARBOUR), ...change }, { error: fieldProblemErrorMap });
    if (parsed.success) return {};
    return Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.'), problemOf({ type: issue.code, message: issue.message })]),
    );
  };
  const message = (name: string) => ({ key: 'message', name });

  it.each<[string, Partial<DeliverySettingsForm>, Record<string, unknown>]>([
    ['the file as it is', {}, {}],
    [
      'an empty location',
      { locations: [{ name: 'Gare Windsor' }, { name: '  ' }] },
      { 'locations.1.name': message('staffDelivery.error.empty') },
    ],
    [
      'a location given twice, whatever its case and spaces',
      { locations: [{ name: 'Gare Windsor' }, { name: ' gare windsor' }] },
      { 'locations.1.name': message('staffDelivery.error.duplicate') },
    ],
    [
      'a comma inside a location',
      { locations: [{ name: 'Hall A, door 3' }] },
      { 'locations.0.name': message('staffDelivery.error.comma') },
    ],
    ['a comma inside an area', { areas: [{ name: 'North,South' }] }, { 'areas.0.name': message('staffDelivery.error.comma') }],
    [
      'a control character',
      { locations: [{ name: 'Lob\u0007by' }] },
      { 'locations.0.name': message('staffSettings.error.controlCharacters') },
    ],
    ['a name too long', { locations: [{ name: 'x'.repeat(101) }] }, { 'locations.0.name': message('staffDelivery.error.placeTooLong') }],
    ['a negative radius', { radius: '-5' }, { radius: message('staffDelivery.error.radius') }],
    ['a radius of zero', { radius: '0' }, { radius: message('staffDelivery.error.radius') }],
    ['a radius that is not a number', { radius: '8 km' }, { radius: message('staffDelivery.error.radius') }],
    ['a label in English only', { areas_label_en: 'Wing' }, { areas_label_fr: message('staffDelivery.error.bothLanguages') }],
    [
      'a charge that does not read',
      { charge: { kind: 'percentage', value: '120' } },
      { 'charge.value': message('staffSettings.error.percent') },
    ],
  ])('%s', (_, change, expected) => {
    expect(problems(change)).toEqual(expected);
  });
});

describe('a refused file back on the form', () => {
  const values = deliveryValues(HARBOUR);
  it.each([
    ['$.delivery.radius_km', 'radius'],
    ['$.delivery.delivery_charge', 'charge.value'],
    ['$.delivery.custom_locations', 'locations.0.name'],
    ['$.delivery.location_label', 'location_label_en'],
    ['$.delivery.localization["fr-CA"].areas_label', 'areas_label_fr'],
    ['$.delivery', 'radius'],
    ['$.hours[0].day', undefined],
  ])('%s -> %s', (path, field) => {
    expect(deliveryFieldOf(values)(path)).toBe(field);
  });
});
