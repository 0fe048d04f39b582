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
  deliveryPlaceParts,
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
      schools: [],
      sections: [],
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
      schools: [],
      sections: [],
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

const school = (name: string, lists: Partial<Record<'grades' | 'classrooms' | 'teachers', string[]>> = {}) => ({
  name,
  grades: (lists.grades ?? []).map((entry) => ({ name: entry })),
  classrooms: (lists.classrooms ?? []).map((entry) => ({ name: entry })),
  teachers: (lists.teachers ?? []).map((entry) => ({ name: entry })),
});

const MAPLE_SCHOOL: DeliveryFile = {
  k12: true,
  delivery: {
    type: 'custom',
    schools: [
      { name: 'Maple Grove Public School', grades: 'K,1,2', classrooms: '101,102, 103,', teachers: 'Ms. Chen,Mme Roy' },
      { name: 'Cedar Ridge Middle School', grades: '6,7,8', classrooms: '201', teachers: '' },
    ],
  },
};

const ARENA: DeliveryFile = {
  suites_enabled: true,
  concourse: 'Main concourse',
  delivery: { type: 'custom', stadium_sections: '101, 102,,201', location_label: 'Row and seat' },
};

describe('schools and stadium sections in the file and back', () => {
  it('reads each school’s lists and the sections as rows, as the checkout reads them', () => {
    const values = deliveryValues(MAPLE_SCHOOL);
    expect(values.schools).toEqual([
      school('Maple Grove Public School', {
        grades: ['K', '1', '2'],
        classrooms: ['101', '102', '103'],
        teachers: ['Ms. Chen', 'Mme Roy'],
      }),
      school('Cedar Ridge Middle School', { grades: ['6', '7', '8'], classrooms: ['201'] }),
    ]);
    expect(deliveryValues(ARENA).sections).toEqual([{ name: '101' }, { name: '102' }, { name: '201' }]);
  });

  it.each<[string, DeliveryFile, Partial<DeliverySettingsForm>, Record<string, unknown>]>([
    [
      'nothing changed: the lists as the file writes them, empty entries left out',
      MAPLE_SCHOOL,
      {},
      {
        schools: [
          { name: 'Maple Grove Public School', grades: 'K,1,2', classrooms: '101,102,103', teachers: 'Ms. Chen,Mme Roy' },
          { name: 'Cedar Ridge Middle School', grades: '6,7,8', classrooms: '201', teachers: '' },
        ],
      },
    ],
    [
      'a classroom added, the schools swapped, names trimmed',
      MAPLE_SCHOOL,
      {
        schools: [
          school(' Cedar Ridge Middle School ', { grades: ['6', '7', '8'], classrooms: ['201', ' 202 '] }),
          school('Maple Grove Public School', { teachers: ['Mme Roy'] }),
        ],
      },
      {
        schools: [
          { name: 'Cedar Ridge Middle School', grades: '6,7,8', classrooms: '201,202', teachers: '' },
          { name: 'Maple Grove Public School', grades: '', classrooms: '', teachers: 'Mme Roy' },
        ],
      },
    ],
    ['every school removed', MAPLE_SCHOOL, { schools: [] }, { schools: [] }],
    ['sections reordered', ARENA, { sections: [{ name: '201' }, { name: '101' }] }, { stadium_sections: '201,101' }],
    [
      'a school added where there were none',
      HARBOUR,
      { schools: [school('Gare Windsor School', { classrooms: ['A'] })] },
      {
        schools: [{ name: 'Gare Windsor School', grades: '', classrooms: 'A', teachers: '' }],
      },
    ],
  ])('%s', (_, file, change, expected) => {
    const values = { ...deliveryValues(file), ...change };
    const saved = applyDelivery(file, values);
    expect(saved.delivery).toEqual(expect.objectContaining(expected));
    // A file the contract takes, whose checkout offers exactly the rows typed, in their order.
    const parsed = parseFile(saved);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const options = deliveryOptions({ delivery: parsed.data!.delivery }, 'fr-CA')!;
    const trimmed = (rows: Array<{ name: string }>) => rows.map((row) => row.name.trim());
    expect(options.schools).toEqual(
      values.schools.map((entry) => ({
        name: entry.name.trim(),
        grades: trimmed(entry.grades),
        classrooms: trimmed(entry.classrooms),
        teachers: trimmed(entry.teachers),
      })),
    );
    expect(options.sections).toEqual(trimmed(values.sections));
    expect(options.types.includes('school')).toBe(values.schools.length > 0);
  });

  it('leaves a restaurant without schools or sections without the keys', () => {
    const saved = applyDelivery(HARBOUR, deliveryValues(HARBOUR));
    expect(saved.delivery).not.toHaveProperty('schools');
    expect(saved.delivery).not.toHaveProperty('stadium_sections');
  });

  it.each<[string, DeliveryFile, ReturnType<typeof deliveryPlaceParts>]>([
    ['a K-12 program: its schools, no stadium', MAPLE_SCHOOL, { schools: 'shown', sections: 'hidden' }],
    ['a K-12 program with no school yet', { k12: true, delivery: null }, { schools: 'shown', sections: 'hidden' }],
    ['a venue: its sections, no schools', ARENA, { schools: 'hidden', sections: 'shown' }],
    ['a venue with a concourse only', { concourse: 'Gate 4', delivery: null }, { schools: 'hidden', sections: 'shown' }],
    ['a restaurant of another kind: both under More places', HARBOUR, { schools: 'more', sections: 'more' }],
    ['what the file fills is shown whatever the kind', SCHOOL, { schools: 'shown', sections: 'more' }],
    [
      'a venue that lists a school too',
      { ...ARENA, delivery: { ...ARENA.delivery, schools: [{ name: 'X' }] } },
      { schools: 'shown', sections: 'shown' },
    ],
  ])('%s', (_, file, expected) => {
    expect(deliveryPlaceParts(file)).toEqual(expected);
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
      'a school without a name',
      { schools: [school(' ', { classrooms: ['101'] })] },
      { 'schools.0.name': message('staffDeliveryPlaces.error.schoolName') },
    ],
    [
      'a school’s name with a control character',
      { schools: [school('Maple\u0000Grove')] },
      { 'schools.0.name': message('staffSettings.error.controlCharacters') },
    ],
    [
      'a school given twice',
      { schools: [school('Cedar Ridge'), school(' cedar ridge ')] },
      { 'schools.1.name': message('staffDeliveryPlaces.error.schoolTwice') },
    ],
    ['a school’s name with a comma is fine', { schools: [school('École St-Jean, campus nord')] }, {}],
    [
      'a classroom empty, one with a comma, a teacher with a control character, a grade twice',
      { schools: [school('Maple Grove', { grades: ['K', 'k'], classrooms: ['101', ' ', '102,103'], teachers: ['Mme\u001bRoy'] })] },
      {
        'schools.0.grades.1.name': message('staffDeliveryPlaces.error.entryTwice'),
        'schools.0.classrooms.1.name': message('staffDelivery.error.empty'),
        'schools.0.classrooms.2.name': message('staffDeliveryPlaces.error.comma'),
        'schools.0.teachers.0.name': message('staffSettings.error.controlCharacters'),
      },
    ],
    [
      'a section too long, and one twice',
      { sections: [{ name: '1'.repeat(61) }, { name: '101' }, { name: '101' }] },
      {
        'sections.0.name': message('staffDeliveryPlaces.error.entryTooLong'),
        'sections.2.name': message('staffDeliveryPlaces.error.entryTwice'),
      },
    ],
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
    ['$.delivery.schools[0].name', 'schools.0.name'],
    ['$.delivery.schools[0]', 'schools.0.name'],
    ['$.delivery.stadium_sections', 'radius'],
    ['$.delivery', 'radius'],
    ['$.hours[0].day', undefined],
  ])('%s -> %s', (path, field) => {
    expect(deliveryFieldOf(values)(path)).toBe(field);
  });
});
