import { memo, type MouseEvent } from 'react';
import { LocalizedText, RestaurantHtml } from '../../components/ui/localized';
import { localizedHtml, localizedText } from '../../lib/localize';
import { useTexts } from '../../i18n/texts';
import { ItemCalories, ItemDietsAndAllergens, ItemPrice } from '../../components/ui/item-facts';
import { menuImageSources } from '../../lib/menu-image';
import type { MenuItemEntry } from '../../lib/menu-model';

/** The photo's intrinsic size in each frame (lib/menu-image.ts): a square beside the text, or a wide one above it. */
const IMAGE_SIZES = { card: [96, 96], wide: [480, 270] } as const;

export function itemElementId(itemId: number): string {
  return `item-${itemId}`;
}

export interface MenuItemCardProps {
  entry: MenuItemEntry;
  /** The photo's frame: a square beside the text (a horizontal card) or wide above it (a vertical one, menu-list.tsx MenuLayout). */
  imageBox: 'card' | 'wide';
  /** The item's own state; the restaurant's (closed, paused) is said once, at the top. */
  state: 'sold_out' | 'unavailable' | null;
  now: Date;
  zone: string;
  /** Images above the fold load at once; the rest when scrolled near. */
  eagerImage: boolean;
  headingLevel: 3 | 4 | 5;
  /** Absent, the card only shows: its name is text, not a button to a dialog (the console's draft preview). */
  onOpen?: ((entry: MenuItemEntry, opener: HTMLElement) => void) | undefined;
  onPreload?: (() => void) | undefined;
  /** Adds one at its default choices without the dialog; absent while nothing can be ordered. */
  onQuickAdd?: ((entry: MenuItemEntry, opener: HTMLElement) => void) | undefined;
}

/** An item the card may add at once: no choice is required of the diner and no legal-age box to tick. */
export function canQuickAdd(item: MenuItemEntry['item']): boolean {
  return !item.alcoholic_beverage && item.options.every((group) => !group.required);
}

/**
 * One item on the menu. Its name is a button that opens the item's details (stretched over the whole
 * card), so the card is one tab stop; the nutrition link sits above it and stays its own control.
 * Memoised: its section's list renders again with the same props first when the clock moves (menu-list.tsx ItemList).
 */
export const MenuItemCard = memo(function MenuItemCard({
  entry,
  imageBox,
  state,
  now,
  zone,
  eagerImage,
  headingLevel,
  onOpen,
  onPreload,
  onQuickAdd,
}: MenuItemCardProps) {
  const { t, locale } = useTexts();
  const { item } = entry;
  const name = localizedText(item, 'name', locale);
  const description = localizedHtml(item, 'description', locale);
  const Heading = `h${headingLevel}` as const;
  const stateId = `${itemElementId(item.id)}-state`;

  const open = (event: MouseEvent<HTMLButtonElement>) => onOpen?.(entry, event.currentTarget);

  return (
    <li className={`item-card${state ? ' item-card--inactive' : ''}`} id={itemElementId(item.id)}>
      <div className="item-card__text">
        <Heading className="item-card__name">
          {onOpen ? (
            <button
              type="button"
              className="item-card__open"
              aria-haspopup="dialog"
              aria-describedby={state ? stateId : undefined}
              onClick={open}
              onPointerEnter={onPreload}
              onFocus={onPreload}
            >
              <LocalizedText text={name.text} locale={name.locale} />
            </button>
          ) : (
            <LocalizedText text={name.text} locale={name.locale} />
          )}
        </Heading>
        {(state || item.upsell_item) && (
          <p className="item-card__badges">
            {state && (
              <span id={stateId} className="badge badge--state">
                {state === 'sold_out' ? t('item.soldOut') : t('item.unavailable')}
              </span>
            )}
            {item.upsell_item && <span className="badge">{t('item.upsell')}</span>}
          </p>
        )}
        <RestaurantHtml className="item-card__description" html={description.text} locale={description.locale} />
        <p className="item-card__meta">
          <ItemPrice item={item} now={now} zone={zone} className="item-card__price" />
          <ItemCalories calories={item.calories} className="item-card__calories" />
        </p>
        <ItemDietsAndAllergens diets={item.diets} allergens={item.allergens} />
        {onQuickAdd && state === null && canQuickAdd(item) && (
          <button type="button" className="button button--small item-card__add" onClick={(event) => onQuickAdd(entry, event.currentTarget)}>
            {t('item.quickAdd')}
            <span className="visually-hidden"> {name.text}</span>
          </button>
        )}
        {item.nutritional_sheet_url && (
          <a className="item-card__nutrition" href={item.nutritional_sheet_url} target="_blank" rel="noopener noreferrer">
            {t('item.nutrition')}
            <span className="visually-hidden"> {t('item.nutritionFor', { name: name.text })}</span>
          </a>
        )}
      </div>
      {item.image && (
        <img
          className="item-card__image"
          {...menuImageSources(item.image, imageBox)}
          alt=""
          width={IMAGE_SIZES[imageBox][0]}
          height={IMAGE_SIZES[imageBox][1]}
          loading={eagerImage ? 'eager' : 'lazy'}
          fetchPriority="low"
          decoding="async"
        />
      )}
    </li>
  );
});
