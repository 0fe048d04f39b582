import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { CartTabNote } from './suite-cart-tab';

const TAB = { limit: 15_000, spent: 11_920, closed: false };

describe('the suite’s tab in the cart', () => {
  it.each([
    ['en-CA', 2_000, /^Left on the suite’s tab: \$30\.80 of \$150\.00\.$/],
    ['fr-CA', 2_000, /^Il reste 30,80\s\$ sur l’ardoise de la loge \(limite de 150,00\s\$\)\.$/],
  ] as const)('says what is left when the cart fits (%s)', (locale, total, text) => {
    renderWithProviders(<CartTabNote tab={TAB} replacing={0} total={total} />, { locale });
    expect(screen.getByRole('status').textContent).toMatch(text);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['en-CA', /^This cart \(\$59\.60\) would go over the suite’s tab: \$30\.80 is left of \$150\.00\./],
    ['fr-CA', /^Ce panier \(59,60\s\$\) dépasserait l’ardoise de la loge : il reste 30,80\s\$ sur 150,00\s\$\./],
  ] as const)('warns before checkout when the cart would go over it (%s)', (locale, text) => {
    renderWithProviders(<CartTabNote tab={TAB} replacing={0} total={5_960} />, { locale });
    expect(screen.getByRole('alert').textContent).toMatch(text);
  });

  it('fits a cart exactly at the limit, as the server does', () => {
    renderWithProviders(<CartTabNote tab={TAB} replacing={0} total={3_080} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts the pre-order a change replaces as back on the tab', () => {
    renderWithProviders(<CartTabNote tab={TAB} replacing={5_000} total={5_960} />);
    expect(screen.getByRole('status').textContent).toBe('Left on the suite’s tab: $80.80 of $150.00.');
  });

  it('says the tab has no limit, and nothing once it is closed', () => {
    const { unmount } = renderWithProviders(<CartTabNote tab={{ ...TAB, limit: null }} replacing={0} total={99_999} />);
    expect(screen.getByText("The suite's tab has no limit.")).toBeTruthy();
    unmount();
    const { container } = renderWithProviders(<CartTabNote tab={{ ...TAB, closed: true }} replacing={0} total={1} />);
    expect(container.textContent).toBe('');
  });
});
