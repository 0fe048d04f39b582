import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { describe, expect, it } from 'vitest';
import harbour from '../../../../../tenants/harbour-catering.json';
import arena from '../../../../../tenants/northside-arena.json';
import school from '../../../../../tenants/maple-school.json';
import { bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import {
  checkDelivery,
  deliveryBody,
  deliveryFieldOfPath,
  deliveryFields,
  deliveryOptions,
  EMPTY_DELIVERY,
} from './checkout-delivery-model';

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
    expect(catering).toMatchObject({ types: ['default_address', 'custom_location'], areasLabel: 'Neighbourhood' });
    expect(catering?.areas).toContain('Griffintown');
    expect(deliveryOptions(withDelivery(harbour.delivery), 'fr-CA')?.areasLabel).toBe('Quartier');
    const schools = deliveryOptions(withDelivery(school.delivery), 'en-CA');
    expect(schools?.types).toEqual(['school']);
    expect(schools?.schools[1]).toMatchObject({ name: 'Cedar Ridge Middle School', grades: ['6', '7', '8'] });
    expect(deliveryOptions(withDelivery(arena.delivery), 'en-CA')?.types).toEqual(['stadium']);
    expect(deliveryOptions(withDelivery(null), 'en-CA')).toBeNull();
  });

  it('asks for each type’s fields, checks them, and sends only them', () => {
    const options = deliveryOptions(withDelivery(harbour.delivery), 'en-CA');
    if (!options) throw new Error('options');
    expect(checkDelivery(EMPTY_DELIVERY, options)).toEqual({ 'delivery-type': { key: 'required' } });
    const address = { ...EMPTY_DELIVERY, type: 'default_address' as const, address: '1 Rue Peel', postalCode: 'h3c', area: 'Westmount' };
    expect(deliveryFields(address.type, options, address)).toEqual(['address', 'location', 'postalCode']);
    expect(checkDelivery(address, options)).toEqual({ 'delivery-postalCode': { key: 'invalidPostalCode' } });
    expect(deliveryBody({ ...address, postalCode: 'h3c 1k3' }, options)).toEqual({
      type: 'default_address',
      address: '1 Rue Peel',
      postalCode: 'H3C 1K3',
    });
    const area = { ...EMPTY_DELIVERY, type: 'custom_location' as const, area: 'Westmount' };
    expect(checkDelivery(area, options)).toEqual({ 'delivery-location': { key: 'required' } });
    expect(deliveryBody({ ...area, location: 'Dock 3', address: 'ignored' }, options)).toEqual({
      type: 'custom_location',
      area: 'Westmount',
      location: 'Dock 3',
    });
  });

  it('maps the server’s detail paths to the form’s fields', () => {
    expect(deliveryFieldOfPath('data.checkout.delivery.postalCode')).toBe('delivery-postalCode');
    expect(deliveryFieldOfPath('body.data.checkout.delivery.seat')).toBe('delivery-seat');
    expect(deliveryFieldOfPath('data.checkout.contact.email')).toBeNull();
  });
});
