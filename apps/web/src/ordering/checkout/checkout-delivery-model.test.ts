import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { describe, expect, it } from 'vitest';
import harbour from '../../../../../tenants/harbour-catering.json';
import arena from '../../../../../tenants/northside-arena.json';
import school from '../../../../../tenants/maple-school.json';
import { bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import { CHECKOUT_ASKING_NOTHING, checkoutForm, EMPTY_CHECKOUT } from '@servery/contracts/forms';
import {
  deliveryBody,
  deliveryFieldOfPath,
  deliveryFields,
  deliveryOptions,
  EMPTY_DELIVERY,
  requiredDeliveryFields,
  type DeliveryForm,
  type DeliveryOptions,
} from './checkout-delivery-model';

/** The checkout schema's messages for a delivered order's address, by field path (packages/contracts/src/forms.ts). */
function checkDelivery(delivery: DeliveryForm, options: DeliveryOptions): Record<string, unknown> {
  const schema = checkoutForm({
    ...CHECKOUT_ASKING_NOTHING,
    hideGuestInfo: { email: true, phone: true },
    deliveryRequired: requiredDeliveryFields(options),
  });
  const result = schema.safeParse({ ...EMPTY_CHECKOUT, delivery, contact: { full_name: 'Dana Diner', email: '', phone_number: '' } });
  const issues = result.success ? [] : result.error.issues;
  return Object.fromEntries(
    issues.map((issue) => [issue.path.join('.'), (issue as { params?: { fieldMessage?: unknown } }).params?.fieldMessage]),
  );
}

const withDelivery = (delivery: unknown): Pick<PublicRestaurant, 'delivery'> =>
  bistroRestaurant(
    bistroTenant((file) => {
      file.delivery = delivery as typeof file.delivery;
    }),
  );

describe('delivery options', () => {
  it('reads the demo tenants: a street address within a radius, areas, schools, stadium seats, with localised labels', () => {
    const bistro = deliveryOptions(bistroRestaurant(), 'fr-CA');
    expect(bistro).toMatchObject({ types: ['default_address'], locationLabel: 'Numéro d’interphone ou d’appartement' });
    const catering = deliveryOptions(withDelivery(harbour.delivery), 'en-CA');
    expect(catering).toMatchObject({
      types: ['default_address', 'custom_location'],
      areas: [],
      locationLabel: 'Floor, room or loading dock',
    });
    expect(catering?.locations).toContain('Marché Bonsecours');
    const areas = {
      ...harbour.delivery,
      areas: 'Griffintown,Westmount',
      areas_label: 'Neighbourhood',
      localization: { 'fr-CA': { areas_label: 'Quartier' } },
    };
    expect(deliveryOptions(withDelivery(areas), 'en-CA')).toMatchObject({
      areas: ['Griffintown', 'Westmount'],
      areasLabel: 'Neighbourhood',
    });
    expect(deliveryOptions(withDelivery(areas), 'fr-CA')?.areasLabel).toBe('Quartier');
    const schools = deliveryOptions(withDelivery(school.delivery), 'en-CA');
    expect(schools?.types).toEqual(['school']);
    expect(schools?.schools[1]).toMatchObject({ name: 'Cedar Ridge Middle School', grades: ['6', '7', '8'] });
    expect(deliveryOptions(withDelivery(arena.delivery), 'en-CA')?.types).toEqual(['stadium']);
    expect(deliveryOptions(withDelivery(null), 'en-CA')).toBeNull();
  });

  it('asks for each type’s fields, checks them, and sends only them', () => {
    const options = deliveryOptions(withDelivery(harbour.delivery), 'en-CA');
    if (!options) throw new Error('options');
    expect(checkDelivery(EMPTY_DELIVERY, options)).toEqual({ 'delivery.type': { key: 'required' } });
    const address = { ...EMPTY_DELIVERY, type: 'default_address' as const, address: '1 Rue Peel', postalCode: 'h3c', area: 'Westmount' };
    expect(deliveryFields(address.type, options, address)).toEqual(['address', 'location', 'postalCode']);
    expect(checkDelivery(address, options)).toEqual({ 'delivery.postalCode': { key: 'invalidPostalCode' } });
    expect(deliveryBody({ ...address, postalCode: 'h3c 1k3' }, options)).toEqual({
      type: 'default_address',
      address: '1 Rue Peel',
      postalCode: 'H3C 1K3',
    });
    // One of the caterer's delivery locations: that one choice (issue 30 defect 4), then the room,
    // floor or suite in that building, optional (decision 0084's amendment).
    const ours = { ...EMPTY_DELIVERY, type: 'custom_location' as const, area: 'Westmount' };
    expect(deliveryFields(ours.type, options, ours)).toEqual(['location', 'detail']);
    expect(checkDelivery(ours, options)).toEqual({ 'delivery.location': { key: 'required' } });
    expect(deliveryBody({ ...ours, location: 'Marché Bonsecours', address: 'ignored' }, options)).toEqual({
      type: 'custom_location',
      location: 'Marché Bonsecours',
    });
    expect(deliveryBody({ ...ours, location: 'Marché Bonsecours', detail: ' Salle  3 ' }, options)).toEqual({
      type: 'custom_location',
      location: 'Marché Bonsecours',
      detail: 'Salle 3',
    });
    // A restaurant with areas and no list of locations: the area, and the location typed.
    const withAreas = deliveryOptions(withDelivery({ ...harbour.delivery, custom_locations: '', areas: 'Griffintown,Westmount' }), 'en-CA');
    if (!withAreas) throw new Error('options');
    const area = { ...EMPTY_DELIVERY, type: 'custom_location' as const, area: 'Westmount' };
    expect(checkDelivery(area, withAreas)).toEqual({ 'delivery.location': { key: 'required' } });
    expect(deliveryBody({ ...area, location: 'Dock 3', address: 'ignored', detail: 'ignored' }, withAreas)).toEqual({
      type: 'custom_location',
      area: 'Westmount',
      location: 'Dock 3',
    });
    // The typed location is already the diner's own words: no room field on top of it.
    expect(deliveryFields(area.type, withAreas, area)).toEqual(['area', 'location']);
  });

  it('maps the server’s detail paths to the form’s fields', () => {
    expect(deliveryFieldOfPath('data.checkout.delivery.postalCode')).toBe('delivery.postalCode');
    expect(deliveryFieldOfPath('body.data.checkout.delivery.seat')).toBe('delivery.seat');
    expect(deliveryFieldOfPath('data.checkout.contact.email')).toBeNull();
  });
});
