/**
 * Restaurant fonts from the product itself (spec accounts-and-suites.md section 1: "theme, fonts and
 * favicon are set per restaurant"; docs/decisions/0041). A theme names its fonts by family
 * (`theme.fonts.heading` and `.body` in the tenant file); the families the product packages (npm
 * @fontsource files, declared in ./fonts/) are loaded on demand: each is its own small stylesheet
 * chunk, fetched only when a restaurant's theme names it, so no restaurant's first load carries
 * another's fonts, and no request goes to an outside font service (the CSP allows fonts from 'self'
 * only: apps/api/src/plugins/security-headers.ts). Every face is `font-display: swap`: the page
 * shows at once in the fallback stack of `fontStack` (theme.ts) and takes the font when it arrives.
 * A family the product does not package stays the fallback stack.
 */
const PACKAGED: Readonly<Record<string, () => Promise<unknown>>> = {
  montserrat: () => import('./fonts/montserrat.css'),
  inter: () => import('./fonts/inter.css'),
  poppins: () => import('./fonts/poppins.css'),
  lora: () => import('./fonts/lora.css'),
  lato: () => import('./fonts/lato.css'),
  merriweather: () => import('./fonts/merriweather.css'),
  'open sans': () => import('./fonts/open-sans.css'),
  'playfair display': () => import('./fonts/playfair-display.css'),
  'source sans 3': () => import('./fonts/source-sans-3.css'),
  nunito: () => import('./fonts/nunito.css'),
  'dm serif display': () => import('./fonts/dm-serif-display.css'),
  'dm sans': () => import('./fonts/dm-sans.css'),
  oswald: () => import('./fonts/oswald.css'),
  roboto: () => import('./fonts/roboto.css'),
};

/** The families the product serves itself, lower-case. */
export const PACKAGED_FONTS: readonly string[] = Object.keys(PACKAGED);

const requested = new Map<string, Promise<unknown>>();

function keyOf(family: string): string {
  return family.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Starts loading the packaged fonts a theme names (each at most once per page); resolves when their
 * stylesheets are in. Families the product does not package are left to the fallback stack.
 */
export function loadRestaurantFonts(fonts: { heading: string; body: string }): Promise<void> {
  const loads = [fonts.heading, fonts.body].flatMap((family) => {
    const key = keyOf(family);
    const load = PACKAGED[key];
    if (!load) return [];
    let pending = requested.get(key);
    if (!pending) {
      // A failed chunk (offline) is asked again next time instead of being remembered as loaded.
      pending = load().catch(() => void requested.delete(key));
      requested.set(key, pending);
    }
    return [pending];
  });
  return Promise.all(loads).then(() => undefined);
}
