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

/** Applies a restaurant's theme to the page: CSS variables on <html>, colour scheme, favicon. */
export function applyTheme(
  theme: RestaurantTheme,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): void {
  if (!doc) return;
  const root = doc.documentElement;
  const variables = themeVariables(theme);
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  root.dataset.theme = theme.type;
  const background = variables['--color-background'] ?? WHITE;
  root.style.colorScheme = contrastRatio(background, WHITE) > contrastRatio(background, BLACKISH) ? 'dark' : 'light';
  if (theme.favicon) setFavicon(theme.favicon, doc);
  void loadRestaurantFonts(theme.fonts);
}

export function setFavicon(href: string, doc: Document = document): void {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  link.href = href;
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
