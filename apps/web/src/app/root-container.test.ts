import { rootContainerId } from '@servery/contracts/ssr';
import { describe, expect, it } from 'vitest';

describe('rootContainerId', () => {
  it('is app-cantine when the address (path or query) contains cantine, app elsewhere', () => {
    expect(rootContainerId('/cantine')).toBe('app-cantine');
    expect(rootContainerId('/cantine-du-port/landing')).toBe('app-cantine');
    expect(rootContainerId('/login?redirect=%2Fcantine')).toBe('app-cantine');
    expect(rootContainerId('/maple-bistro')).toBe('app');
    expect(rootContainerId('/maple-bistro?table=4')).toBe('app');
    expect(rootContainerId('/')).toBe('app');
  });
});
