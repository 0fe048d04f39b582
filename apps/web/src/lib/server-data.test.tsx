import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, useServerData } from './query-client';

/** A hook like the menu's: the server rendered the menus for member version 0. */
function useMenusLike(version: number, load: (version: number) => Promise<string>) {
  const queryKey = ['menus', 101, version];
  const fromServer = useServerData(queryKey, 'menus rendered by the server');
  return useQuery({ queryKey, queryFn: () => load(version), ...fromServer });
}

describe('data the server rendered', () => {
  it('stands for the key it was rendered for, and another key is fetched', async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const load = vi.fn(async (version: number) => `menus for member version ${version}`);
    const { result, rerender } = renderHook(({ version }) => useMenusLike(version, load), { wrapper, initialProps: { version: 0 } });
    expect(result.current.data).toBe('menus rendered by the server');
    expect(load).not.toHaveBeenCalled();
    // A membership applied: the server answers with the members' menus, which must be asked for.
    rerender({ version: 1 });
    await waitFor(() => expect(result.current.data).toBe('menus for member version 1'));
    expect(load).toHaveBeenCalledWith(1);
  });
});
