import type { TenantFile } from '@servery/contracts/tenant-file';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/cookies';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BISTRO_OPEN_NOW, bistroMenus, bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import type { ItemChoice } from '../../ordering';
import { MenuScreen } from './menu-screen';
import { stubApi } from '../../testing/api-stub';

async function openItem(
  name: string,
  { tenant = bistroTenant(), path = '/maple-bistro?tableNum=12' }: { tenant?: TenantFile; path?: string } = {},
) {
  stubApi({ restaurant: bistroRestaurant(tenant), menus: (type) => bistroMenus(type as 'dine_in', tenant) });
  const onSelect = vi.fn<(choice: ItemChoice) => void>();
  renderWithProviders(
    <Routes>
      <Route path="/:restaurantSlug" element={<MenuScreen onSelect={onSelect} />} />
    </Routes>,
    { path, now: BISTRO_OPEN_NOW },
  );
  const opener = await screen.findByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name });
  return { dialog, opener, onSelect };
}

const group = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('group', { name });
const total = (dialog: HTMLElement) => dialog.querySelector('.item-dialog__total')?.textContent;

describe('item dialog', () => {
  it('is a modal dialog that closes with Escape and gives focus back to the item', async () => {
    const { dialog, opener } = await openItem('Maple Burger');
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with the browser’s Back, the menu staying, and closed by its button it leaves no entry behind', async () => {
    const { opener } = await openItem('Maple Burger');
    const overlays = () => (window.history.state as Record<string, unknown> | null)?.['servery-overlays'] ?? 0;
    await waitFor(() => expect(overlays()).toBe(1));
    const landed = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    let back = landed();
    await act(async () => {
      window.history.back();
      await back;
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Maple Burger' })).toBe(opener);
    expect(document.activeElement).toBe(opener);
    expect(overlays()).toBe(0);

    // Opened again and closed by its own button: the entry it took goes with it.
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Maple Burger' });
    await waitFor(() => expect(overlays()).toBe(1));
    back = landed();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await back;
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(overlays()).toBe(0);
  });

  it('shows the option groups in order with their rules, defaults chosen, and a live price', async () => {
    const { dialog } = await openItem('Maple Burger');
    const legends = [...dialog.querySelectorAll('.option-group__legend')].map((legend) => legend.textContent);
    // Toppings take quantities: the limit counts them all together.
    expect(legends).toEqual(['Cheese Optional · Choose 1', 'Toppings Optional · Up to 5 in all', 'Add a side Optional · Choose 1']);
    const cheese = group(dialog, /^Cheese/);
    expect(within(cheese).getByRole('radio', { name: 'Aged cheddar' })).toHaveProperty('checked', true);
    expect(total(dialog)).toBe('Total: $19.00');

    // Single selection: radios, one at a time.
    fireEvent.click(within(cheese).getByRole('radio', { name: /Blue cheese/ }));
    expect(within(cheese).getByRole('radio', { name: 'Aged cheddar' })).toHaveProperty('checked', false);
    expect(total(dialog)).toBe('Total: $20.00');

    // The item quantity multiplies the price.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    expect(total(dialog)).toBe('Total: $40.00');
  });

  it('shows a promo item’s price and the regular one struck through, and totals and adds at the promo price', async () => {
    const { dialog, onSelect } = await openItem('Classic poutine');
    const price = dialog.querySelector('.item-dialog__price')!;
    expect(price.querySelector('[aria-hidden="true"]')?.textContent).toBe('$10.00 was $12.50');
    expect(price.querySelector('s')?.textContent).toBe('$12.50');
    expect(price.querySelector('.visually-hidden')?.textContent).toBe('$10.00, was $12.50');
    expect(total(dialog)).toBe('Total: $10.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    expect(total(dialog)).toBe('Total: $20.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ itemId: 1100, quantity: 2, unitPrice: 1000 }));
  });

  it('shows an option value’s promo price the same way, and counts it in the total', async () => {
    const { dialog } = await openItem('Maple Burger');
    const toppings = group(dialog, /^Toppings/);
    // Avocado: 2.00 with 0.50 off. Its stepper is named by the value, prices said in words.
    const avocado = within(toppings).getByRole('group', { name: 'Avocado +$1.50, was +$2.00' });
    expect(avocado).toBeTruthy();
    const label = dialog.querySelector(`[id="${avocado.getAttribute('aria-labelledby')}"]`)!;
    expect(label.querySelector('.option-value__price [aria-hidden="true"]')?.textContent).toBe('+$1.50 was +$2.00');
    expect(total(dialog)).toBe('Total: $19.00');
    fireEvent.click(within(toppings).getByRole('button', { name: 'Add one Avocado' }));
    expect(total(dialog)).toBe('Total: $20.50');
  });

  it('counts custom quantities with steppers, up to the value’s maximum and the group’s limit', async () => {
    const { dialog } = await openItem('Maple Burger');
    const toppings = group(dialog, /^Toppings/);
    const addBacon = within(toppings).getByRole('button', { name: 'Add one Smoked bacon' });
    fireEvent.click(addBacon);
    fireEvent.click(addBacon);
    expect(addBacon.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(addBacon);
    expect(within(within(toppings).getByRole('group', { name: /Smoked bacon/ })).getByText('2')).toBeTruthy();
    expect(total(dialog)).toBe('Total: $24.00');

    fireEvent.click(within(toppings).getByRole('button', { name: 'Add one Pickled jalapeños' }));
    fireEvent.click(within(toppings).getByRole('button', { name: 'Add one Pickled jalapeños' }));
    fireEvent.click(within(toppings).getByRole('button', { name: 'Add one Avocado' }));
    // 2 + 2 + 1 = the group's limit of 5: no more of anything.
    expect(within(toppings).getByRole('button', { name: 'Add one Fried egg' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(toppings).getByRole('button', { name: 'Add one Pickled jalapeños' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(toppings).getByRole('button', { name: 'Remove one Avocado' }));
    expect(within(toppings).getByRole('button', { name: 'Add one Fried egg' }).getAttribute('aria-disabled')).toBe('false');
  });

  it('shows a chosen value’s sub-options under it, and enforces their limits', async () => {
    const { dialog } = await openItem('Maple Burger');
    expect(within(dialog).queryByRole('group', { name: /Fries seasoning/ })).toBeNull();
    fireEvent.click(within(group(dialog, /^Add a side/)).getByRole('radio', { name: /^Fries/ }));
    const seasoning = group(dialog, /Fries seasoning/);
    expect(seasoning.closest('.option-group__nested')).not.toBeNull();
    expect(seasoning.textContent).toContain('Required · Choose 1');
    expect(within(seasoning).getByRole('radio', { name: 'Sea salt' })).toHaveProperty('checked', false);
    fireEvent.click(within(seasoning).getByRole('radio', { name: 'Sea salt' }));
    expect(total(dialog)).toBe('Total: $22.50');

    const sauces = group(dialog, /Dipping sauces/);
    for (const name of [/Garlic aioli/, /Maple ketchup/, /Chipotle mayo/]) fireEvent.click(within(sauces).getByRole('checkbox', { name }));
    expect(total(dialog)).toBe('Total: $24.50');
    fireEvent.click(within(group(dialog, /^Add a side/)).getByRole('radio', { name: /Side salad/ }));
    expect(within(dialog).queryByRole('group', { name: /Dipping sauces/ })).toBeNull();
    expect(group(dialog, /Dressing/)).toBeTruthy();
  });

  it('says “Choose up to 3” when a full group refuses one more', async () => {
    const { dialog } = await openItem('Classic poutine');
    const extras = group(dialog, /^Extras/);
    const boxes = within(extras).getAllByRole('checkbox');
    boxes.slice(0, 3).forEach((box) => fireEvent.click(box));
    fireEvent.click(boxes[3] as HTMLElement);
    expect(boxes[3]).toHaveProperty('checked', false);
    expect(extras.textContent).toContain('Choose up to 3.');
    fireEvent.click(boxes[0] as HTMLElement);
    expect(extras.textContent).not.toContain('Choose up to 3.');
  });

  it('says which required group is missing, next to it, and focuses it', async () => {
    const tenant = bistroTenant((file) => {
      const steak = file.menu_groups?.[0]?.menus?.[0]?.sections?.[1]?.items?.find((item) => item.id === 1107);
      const doneness = steak?.options?.[0] as { values: Array<{ default_selection?: boolean }> } | undefined;
      doneness?.values.forEach((value) => (value.default_selection = false));
    });
    const { dialog, onSelect } = await openItem('Steak frites', { tenant });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    const doneness = group(dialog, /^Doneness/);
    expect(doneness.textContent).toContain('Make a choice: this one is required.');
    expect(doneness.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    expect(document.activeElement).toBe(doneness);
    expect(within(dialog).getByRole('alert').textContent).toBe('Some choices need your attention.');
    expect(onSelect).not.toHaveBeenCalled();

    fireEvent.click(within(doneness).getByRole('radio', { name: 'Medium' }));
    expect(doneness.textContent).not.toContain('required.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    expect(onSelect).toHaveBeenCalledWith(
      expect.objectContaining({
        itemId: 1107,
        menuId: 1010,
        sectionId: 1051,
        quantity: 1,
        unitPrice: 3400,
        options: [{ id: 1508, values: [{ id: 1631, quantity: 1, options: [] }] }],
      }),
    );
  });

  it('counts the characters left in the special instructions', async () => {
    const { dialog } = await openItem('Maple Burger');
    const instructions = within(dialog).getByRole('textbox', { name: 'Special instructions' });
    expect(instructions.getAttribute('maxlength')).toBe('200');
    expect(within(dialog).getByText('200 characters left')).toBeTruthy();
    fireEvent.change(instructions, { target: { value: 'No pickles' } });
    expect(within(dialog).getByText('190 characters left')).toBeTruthy();
    expect(document.getElementById(instructions.getAttribute('aria-describedby') ?? '')?.textContent).toBe('190 characters left');
  });

  it('hides the special instructions when the restaurant does', async () => {
    const tenant = bistroTenant((file) => {
      file.hide_items_special_instructions = true;
    });
    const { dialog } = await openItem('Maple Burger', { tenant });
    expect(within(dialog).queryByRole('textbox', { name: 'Special instructions' })).toBeNull();
  });

  it('requires the legal drinking age for alcohol, remembers it for a day, and adds the item', async () => {
    const { dialog, onSelect } = await openItem('House red — Niagara Baco Noir');
    const legal = within(dialog).getByRole('checkbox', { name: 'I am of legal drinking age' });
    expect(legal).toHaveProperty('checked', false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    expect(dialog.textContent).toContain('Confirm that you are of legal drinking age to add this item.');
    expect(onSelect).not.toHaveBeenCalled();

    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor?.set?.call(document, value);
    });
    fireEvent.click(legal);
    expect(cookieWrites.at(-1)).toBe('legal=true; path=/; max-age=86400; SameSite=Lax');
    expect(readCookie('legal')).toBe('true');

    fireEvent.click(within(group(dialog, /^Pour/)).getByRole('radio', { name: /9 oz glass/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ itemId: 1137, unitPrice: 1600 }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Added 1 × House red — Niagara Baco Noir')).toBeTruthy();

    // Next time the box is already ticked.
    fireEvent.click(screen.getByRole('button', { name: 'Riesling — Beamsville Bench' }));
    const next = await screen.findByRole('dialog', { name: 'Riesling — Beamsville Bench' });
    expect(within(next).getByRole('checkbox', { name: 'I am of legal drinking age' })).toHaveProperty('checked', true);
  });

  it('asks for the legal age when a chosen option is alcoholic', async () => {
    const { dialog } = await openItem('Classic Caesar');
    const double = group(dialog, /^Make it a double/);
    fireEvent.click(within(double).getByRole('radio', { name: /Extra 1 oz vodka/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'I am of legal drinking age' })).toBeTruthy();
  });

  it('has no add button for a sold-out item, only the reason', async () => {
    const { dialog } = await openItem('Fish & chips');
    expect(within(dialog).queryByRole('button', { name: 'Add to order' })).toBeNull();
    expect(dialog.textContent).toContain('This item is sold out.');
  });

  it('has no add button when only viewing', async () => {
    const { dialog } = await openItem('Maple Burger', { path: '/maple-bistro?viewOnly=true' });
    expect(within(dialog).queryByRole('button', { name: 'Add to order' })).toBeNull();
    expect(dialog.textContent).toContain('Viewing only');
  });

  it('closes with its close button and shows a toast after adding', async () => {
    const { dialog } = await openItem('Fries');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    });
    expect(screen.getByText('Added 2 × Fries')).toBeTruthy();
  });
});
