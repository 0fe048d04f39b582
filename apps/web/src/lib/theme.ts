import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { AA_TEXT_CONTRAST, contrastRatio, mostContrasting, parseHexColor } from './color';
import { loadRestaurantFonts } from './restaurant-fonts';

export type RestaurantTheme = PublicRestaurant['theme'];

const BLACKISH = '#111111';
const WHITE = '#ffffff';

const PRESETS = {
  light: { background: '#ffffff', surface: '#f4f4f2', text: '#1b1b1b', muted: '#555555' },
  dark: { background: '#121212', surface: '#1f1f1f', text: '#f2f2f2', muted: '#b8b8b8' },
} as const;

const GENERIC_FONTS = new Set(['system-ui', 'serif', 'sans-serif', 'monospace', 'cursive', 'ui-sans-serif', 'ui-serif', 'ui-rounded']);

/**
 * The CSS custom properties of a restaurant's theme. Light and dark are presets; custom takes the
 * operator's background and text colours. Whatever the operator chose, text stays at WCAG AA
 * contrast: a colour that fails is replaced by black or white, whichever reads better.
 */
export function themeVariables(theme: RestaurantTheme): Record<`--${string}`, string> {
  const preset = theme.type === 'dark' ? PRESETS.dark : PRESETS.light;
  const background = theme.type === 'custom' && isColor(theme.background_color) ? theme.background_color : preset.background;
  const isDarkBackground = contrastRatio(background, WHITE) > contrastRatio(background, BLACKISH);

  const wantedText =
    theme.type === 'custom' && isColor(theme.text_color) ? theme.text_color : isDarkBackground ? PRESETS.dark.text : PRESETS.light.text;
  const text = readable(wantedText, background);
  const muted = readable(isDarkBackground ? PRESETS.dark.muted : PRESETS.light.muted, background);
  const surface = theme.type === 'custom' ? background : preset.surface;

  const primary = isColor(theme.primary_color) ? theme.primary_color : '#1f5f3f';
  const onPrimary = mostContrasting(primary, [WHITE, BLACKISH]);
  // Links and focus rings sit on the background: use the brand colour only where it is readable there.
  const accent = contrastRatio(primary, background) >= AA_TEXT_CONTRAST ? primary : text;

  return {
    '--color-background': background,
    '--color-surface': surface,
    '--color-text': text,
    '--color-muted': muted,
    '--color-primary': primary,
    '--color-on-primary': onPrimary,
    '--color-accent': accent,
    '--color-focus': accent,
    '--font-heading': fontStack(theme.fonts.heading),
    '--font-body': fontStack(theme.fonts.body),
  };
}

/** The colour scheme the browser's own controls take on the theme's background. */
function colorScheme(variables: Record<`--${string}`, string>): 'dark' | 'light' {
  const background = variables['--color-background'] ?? WHITE;
  return contrastRatio(background, WHITE) > contrastRatio(background, BLACKISH) ? 'dark' : 'light';
}

/** The id of the <style> a server-rendered page carries its restaurant's theme in. */
export const THEME_STYLE_ID = 'servery-theme';

/**
 * The theme as one CSS rule on the root (the variables and the colour scheme): what the server
 * writes in <style id="servery-theme"> (entry-server.tsx), so the first paint is in the restaurant's
 * colours and fonts. Its selector, `html:root`, outranks the defaults of global.css (`:root`), whose
 * stylesheet comes later in the page and would otherwise win. Values are validated colours and
 * sanitised font stacks; "<" is escaped anyway (as CSS), so the rule cannot close the element it sits in.
 */
export function themeRule(theme: RestaurantTheme): string {
  const variables = themeVariables(theme);
  const declarations = [...Object.entries(variables).map(([name, value]) => `${name}:${value}`), `color-scheme:${colorScheme(variables)}`];
  return `html:root{${declarations.join(';').replace(/</g, '\\3c ')}}`;
}

/**
 * Applies a restaurant's theme to the page: CSS variables on <html>, colour scheme, favicon, fonts.
 * On the server-rendered page of that restaurant the theme is already there (its <style>, and no
 * other theme set on <html> since): setting the same variables again would restyle and lay out the
 * whole page for nothing (8 ms on the 300-item menu, four times that on a phone), so they are left.
 */
export function applyTheme(
  theme: RestaurantTheme,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): void {
  if (!doc) return;
  const root = doc.documentElement;
  root.dataset.theme = theme.type;
  const variables = themeVariables(theme);
  const setOnRoot = root.style.getPropertyValue('--color-background') !== '';
  const fromServer = !setOnRoot && doc.getElementById(THEME_STYLE_ID)?.textContent === themeRule(theme);
  if (!fromServer) {
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    root.style.colorScheme = colorScheme(variables);
  }
  if (theme.favicon) setFavicon(theme.favicon, doc);
  void loadRestaurantFonts(theme.fonts);
}

/**
 * Points the page's icon at `href`: the last icon link, the one the browser uses (a server-rendered
 * page has the app's empty one, then the restaurant's), left alone when it already does, so the
 * browser does not fetch the same icon again.
 */
export function setFavicon(href: string, doc: Document = document): void {
  let link = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')].at(-1);
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}

/** A font name from the tenant file as a safe CSS font stack (the name is data, not CSS). */
export function fontStack(name: string): string {
  const trimmed = name.trim();
  if (GENERIC_FONTS.has(trimmed)) return `${trimmed}, sans-serif`;
  const safe = trimmed.replace(/[^\p{L}\p{N} -]/gu, '').trim();
  return safe === '' ? 'system-ui, sans-serif' : `"${safe}", system-ui, sans-serif`;
}

function isColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && parseHexColor(value) !== null;
}

function readable(color: string, background: string): string {
  return contrastRatio(color, background) >= AA_TEXT_CONTRAST ? color : mostContrasting(background, [BLACKISH, WHITE]);
}
