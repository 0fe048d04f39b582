import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { displayName } from '../../components/restaurant-shell/restaurant-frame';
import type { Locale } from '../../i18n/locales';
import { localizedField } from '../../lib/localize';

/** The page's name for a school: its k12TitleDisplay ("Hot lunch", "Dîner chaud"), else the restaurant's name, in the diner's language. */
export function schoolTitle(restaurant: PublicRestaurant, locale: Locale): string {
  return localizedField(restaurant, 'k12TitleDisplay', locale).trim() || displayName(restaurant, locale);
}
