import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOrderingPlugins } from '../ordering';
import { renderWithProviders } from '../testing/render-with-providers';
import { bistroRestaurant } from '../testing/restaurant-fixture';
import { WithOrderingPlugins } from './ordering-plugins';
import { needsOrderingPlugins } from './ordering-plugins-load';
import { orderingPlugins } from './vertical-plugins';

const plain = bistroRestaurant();
const hub = { ...plain, marketplaceHub: true };
const suites = { ...plain, suites_enabled: true };

/** Which plug-ins the menu under the provider is handed: the verticals' own, or the inert ones. */
function Which() {
  const plugins = useOrderingPlugins();
  return <p>{plugins === orderingPlugins ? 'verticals' : `inert, splits: ${String(plugins.hub.splits(hub))}`}</p>;
}

describe('the ordering plug-ins a restaurant gets (docs/decisions/0096-menu-first-load-lazy-parts.md)', () => {
  it('needs the verticals for a hub, a restaurant with suites, a suite link, or no restaurant', () => {
    expect(plain.marketplaceHub || plain.suites_enabled).toBe(false);
    expect(needsOrderingPlugins(plain, '')).toBe(false);
    expect(needsOrderingPlugins(plain, '?orderType=dine_in&tableNum=4')).toBe(false);
    expect(needsOrderingPlugins(plain, '?eventSuite=12')).toBe(true);
    expect(needsOrderingPlugins(hub, '')).toBe(true);
    expect(needsOrderingPlugins(suites, '')).toBe(true);
    expect(needsOrderingPlugins(null, '')).toBe(true);
  });

  it('hands a plain restaurant inert plug-ins, without loading the verticals', async () => {
    renderWithProviders(
      <WithOrderingPlugins restaurant={plain}>
        <Which />
      </WithOrderingPlugins>,
      { path: '/bistro' },
    );
    expect(await screen.findByText('inert, splits: false')).toBeTruthy();
  });

  it("hands a hub, and a plain restaurant's suite link, the verticals' plug-ins once loaded", async () => {
    // The verticals' chunk is fetched on the first render that needs it: the render suspends until it
    // comes (React retries a suspended render of a test only inside an awaited act).
    const hubView = await act(async () =>
      renderWithProviders(
        <WithOrderingPlugins restaurant={hub}>
          <Which />
        </WithOrderingPlugins>,
        { path: '/bistro' },
      ),
    );
    expect(await screen.findByText('verticals')).toBeTruthy();
    hubView.unmount();
    renderWithProviders(
      <WithOrderingPlugins restaurant={plain}>
        <Which />
      </WithOrderingPlugins>,
      { path: '/bistro?eventSuite=12' },
    );
    expect(await screen.findByText('verticals')).toBeTruthy();
  });
});
