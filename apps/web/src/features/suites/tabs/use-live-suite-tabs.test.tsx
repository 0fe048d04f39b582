import type { SuiteTab } from '@servery/contracts/suites';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveSuiteTabs } from './use-live-suite-tabs';
import { FakeEventSource } from '../../../testing/fake-event-source';

beforeEach(() => {
  FakeEventSource.install();
});

function setUp() {
  const client = new QueryClient();
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useLiveSuiteTabs('northside-arena'), { wrapper });
  const [source] = FakeEventSource.opened as [FakeEventSource];
  const lists = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey);
  return { hook, source, lists };
}

const TAB = { spent: 4520, closed: false } as unknown as SuiteTab;

describe('the live suite tabs', () => {
  it('read the screens’ tab lists again when the stream opens: a change before it is not lost', () => {
    const { hook, source, lists } = setUp();
    expect(source.url).toBe('/api/restaurants/northside-arena/suite-tabs/events');
    expect(lists()).toEqual([]);
    act(() => source.send('ready', {}));
    expect(lists()).toEqual([
      ['suites', 'upcoming-events'],
      ['suites', 'active-events'],
    ]);
    expect(hook.result.current).toMatchObject({ live: true, version: 1 });
  });

  it('keep each change the stream sends, until a reconnection reads the lists again', () => {
    const { hook, source, lists } = setUp();
    act(() => source.send('ready', {}));
    act(() => source.send('tab', { eventSuiteId: 7, tab: TAB }));
    expect(hook.result.current.tabs.get(7)).toEqual(TAB);
    expect(hook.result.current.version).toBe(2);
    expect(lists()).toHaveLength(2);

    act(() => source.send('error', {}));
    expect(hook.result.current.live).toBe(false);
    // The browser reconnected: what changed meanwhile comes with the lists read again, which win over the kept changes.
    act(() => source.send('ready', {}));
    expect(lists()).toHaveLength(4);
    expect(hook.result.current.tabs.size).toBe(0);
    expect(hook.result.current).toMatchObject({ live: true, version: 3 });
  });
});
