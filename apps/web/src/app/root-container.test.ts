import { describe, expect, it } from 'vitest';
import { rootContainerId } from './root-container';

describe('rootContainerId', () => {
  it('is app-cantine when the path contains cantine, app elsewhere', () => {
    expect(rootContainerId('/cantine')).toBe('app-cantine');
    expect(rootContainerId('/cantine-du-port/landing')).toBe('app-cantine');
    expect(rootContainerId('/maple-bistro')).toBe('app');
    expect(rootContainerId('/')).toBe('app');
  });
});
