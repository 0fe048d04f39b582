import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio } from './color';
import { applyTheme, fontStack, setFavicon, THEME_STYLE_ID, themeRule, themeVariables, type RestaurantTheme } from './theme';

const base: RestaurantTheme = {
  type: 'light',
  primary_color: '#1f5f3f',
  fonts: { heading: 'system-ui', body: 'system-ui' },
  card_style: 'vertical',
  browse_menu_style: 'list',
};

function expectReadable(theme: RestaurantTheme) {
  const v = themeVariables(theme);
  expect(contrastRatio(v['--color-text'] ?? '', v['--color-background'] ?? '')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  expect(contrastRatio(v['--color-muted'] ?? '', v['--color-background'] ?? '')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  expect(contrastRatio(v['--color-on-primary'] ?? '', v['--color-primary'] ?? '')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  expect(contrastRatio(v['--color-accent'] ?? '', v['--color-background'] ?? '')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  return v;
}

describe('contrastRatio', () => {
  it('matches WCAG', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});

describe('themeVariables', () => {
  it('light and dark presets', () => {
    expect(expectReadable(base)['--color-background']).toBe('#ffffff');
    expect(expectReadable({ ...base, type: 'dark' })['--color-background']).toBe('#121212');
  });

  it('custom uses the operator colours when readable', () => {
    const v = expectReadable({ ...base, type: 'custom', background_color: '#fdf6e3', text_color: '#3b2f2f', primary_color: '#8a1c1c' });
    expect(v).toMatchObject({
      '--color-background': '#fdf6e3',
      '--color-text': '#3b2f2f',
      '--color-primary': '#8a1c1c',
      '--color-accent': '#8a1c1c',
    });
  });

  it('never lets an operator colour make text unreadable', () => {
    const v = expectReadable({ ...base, type: 'custom', background_color: '#ffffff', text_color: '#dddddd', primary_color: '#ffd500' });
    expect(v['--color-text']).toBe('#111111');
    expect(v['--color-on-primary']).toBe('#111111');
    expect(v['--color-accent']).not.toBe('#ffd500');
    expectReadable({ ...base, type: 'dark', primary_color: '#0a0a40' });
  });

  it('turns font names into safe font stacks', () => {
    expect(fontStack('Playfair Display')).toBe('"Playfair Display", system-ui, sans-serif');
    expect(fontStack('serif')).toBe('serif, sans-serif');
    expect(fontStack('x"; background: url(evil)')).toBe('"x background urlevil", system-ui, sans-serif');
    const v = themeVariables({ ...base, fonts: { heading: 'Lora', body: 'Inter' } });
    expect(v['--font-heading']).toBe('"Lora", system-ui, sans-serif');
  });
});

describe('applyTheme', () => {
  it('sets the variables on <html>, the colour scheme and the favicon', () => {
    applyTheme({ ...base, type: 'dark', favicon: '/tenant-images/maple/favicon.png' });
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--color-background')).toBe('#121212');
    expect(root.style.getPropertyValue('--color-primary')).toBe('#1f5f3f');
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    const icon = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    expect(icon?.getAttribute('href')).toBe('/tenant-images/maple/favicon.png');
  });

  it('leaves the theme of a server-rendered page as the server wrote it, and sets another theme over it', () => {
    const style = document.createElement('style');
    style.id = THEME_STYLE_ID;
    style.textContent = themeRule(base);
    document.head.append(style);
    const root = document.documentElement;
    try {
      // The restaurant the page was rendered for: its variables are already in effect, nothing is set on <html>.
      applyTheme(base);
      expect(root.style.getPropertyValue('--color-background')).toBe('');
      expect(root.dataset.theme).toBe('light');

      // Another restaurant (a client-side navigation): its variables on <html>, over the server's rule.
      applyTheme({ ...base, type: 'dark' });
      expect(root.style.getPropertyValue('--color-background')).toBe('#121212');
      expect(root.style.colorScheme).toBe('dark');

      // Back to the first: set again, since <html> holds the other one's.
      applyTheme(base);
      expect(root.style.getPropertyValue('--color-background')).toBe('#ffffff');
      expect(root.style.colorScheme).toBe('light');
    } finally {
      style.remove();
      root.removeAttribute('style');
    }
  });

  it('points the last icon link (the one the browser uses) at the icon, and leaves it when it already does', async () => {
    document.head.innerHTML = '<link rel="icon" href="data:,"><link rel="icon" href="/tenant-images/maple/favicon.png">';
    const [empty, restaurant] = document.head.querySelectorAll('link');
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(document.head, { attributes: true, subtree: true, childList: true });
    setFavicon('/tenant-images/maple/favicon.png');
    await Promise.resolve();
    expect(changes).toEqual([]);

    setFavicon('/tenant-images/other/favicon.png');
    await Promise.resolve();
    observer.disconnect();
    expect(restaurant?.getAttribute('href')).toBe('/tenant-images/other/favicon.png');
    expect(empty?.getAttribute('href')).toBe('data:,');
    expect(changes).toHaveLength(1);
    document.head.innerHTML = '';
  });
});
