import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { renderWithProviders } from '../../testing/render-with-providers';
import { bistroMenus, bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import { OrderNotificationScreen } from './order-notification-screen';
import { notificationHandOver } from './notification-hand-over';
import { json, stubApi } from '../../testing/api-stub';

/** The restaurant stub, plus POST /api/orders/notification answered by `answer`. */
function renderScreen(
  path: string,
  answer: (body: { data: { config: { checkNum: string } } }) => Response,
  locale: Locale = 'en-CA',
  state?: unknown,
) {
  const tenant = bistroTenant();
  const restaurantFetch = stubApi({ restaurant: bistroRestaurant(tenant), menus: (type) => bistroMenus(type as 'dine_in', tenant) });
  const notify = vi.fn(answer);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    new URL(String(input), 'http://localhost').pathname === '/api/orders/notification'
      ? Promise.resolve(notify(JSON.parse(String(init?.body))))
      : restaurantFetch(input, init),
  );
  renderWithProviders(
    <Routes>
      <Route path="/:restaurantSlug/order-notification" element={<OrderNotificationScreen />} />
    </Routes>,
    { path, locale, state },
  );
  return notify;
}

describe('order-ready notification', () => {
  it('checks the phone number before sending, sends the token of the order placed in this tab, then confirms the number it will text', async () => {
    sessionStorage.setItem(
      'servery-order:maple-bistro',
      JSON.stringify({ orderId: 'a-uuid', token: 'the-order-token', menuPath: '/maple-bistro' }),
    );
    const notify = renderScreen('/maple-bistro/order-notification?order=42', (body) =>
      json(200, { ok: true, orderNumber: Number(body.data.config.checkNum), phone: '416-555-0101' }),
    );
    const phone = await screen.findByRole('textbox', { name: 'Mobile phone (416-555-0101)' });
    expect((screen.getByRole('textbox', { name: 'Order number' }) as HTMLInputElement).value).toBe('42');
    fireEvent.change(phone, { target: { value: '41655' } });
    expect((phone as HTMLInputElement).value).toBe('416-55');
    fireEvent.click(screen.getByRole('button', { name: 'Text me when it’s ready' }));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);
    expect(notify).not.toHaveBeenCalled();

    fireEvent.change(phone, { target: { value: '4165550101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Text me when it’s ready' }));
    expect((await screen.findByRole('status')).textContent).toContain('We’ll text 416-555-0101 when order 42 is ready.');
    expect(notify).toHaveBeenCalledWith({
      data: { config: { checkNum: '42', accessToken: 'the-order-token' }, checkout: { contact: { phone_number: '416-555-0101' } } },
    });
    sessionStorage.clear();
  });

  it('starts from the phone given at checkout and sends the token the confirmation hands over (an order opened from the receipt in another window)', async () => {
    const notify = renderScreen(
      '/maple-bistro/order-notification?order=42',
      (body) => json(200, { ok: true, orderNumber: Number(body.data.config.checkNum), phone: '416-555-0199' }),
      'fr-CA',
      notificationHandOver({ contact: { phone_number: '4165550199' } }, { token: 'linked-token' }),
    );
    const phone = await screen.findByRole('textbox', { name: 'Cellulaire (416-555-0101)' });
    expect((phone as HTMLInputElement).value).toBe('416-555-0199');
    fireEvent.click(screen.getByRole('button', { name: 'M’écrire quand elle est prête' }));
    await screen.findByRole('status');
    expect(notify).toHaveBeenCalledWith({
      data: { config: { checkNum: '42', accessToken: 'linked-token' }, checkout: { contact: { phone_number: '416-555-0199' } } },
    });
  });

  it('says so on the order field when the order is not found, in French', async () => {
    renderScreen(
      '/maple-bistro/order-notification',
      () => json(404, { code: 404, error: 'ORDER_NOT_FOUND', message: 'We could not find this order.' }),
      'fr-CA',
    );
    const order = await screen.findByRole('textbox', { name: 'Numéro de commande' });
    fireEvent.change(order, { target: { value: '999' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Cellulaire (416-555-0101)' }), { target: { value: '416-555-0101' } });
    fireEvent.click(screen.getByRole('button', { name: 'M’écrire quand elle est prête' }));
    expect(
      await screen.findByText(/^Nous n’avons pas trouvé ce numéro de commande\. Ouvrez cette page depuis la confirmation/),
    ).toBeTruthy();
    expect(order.getAttribute('aria-invalid')).toBe('true');
  });
});
