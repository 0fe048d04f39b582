import { memo, Suspense, useCallback, useDeferredValue, useLayoutEffect, useRef } from 'react';
import { LocalizedText, RestaurantHtml } from '../../components/ui/localized';
import { useNow } from '../../lib/clock';
import { useTranslation } from 'react-i18next';
import { localizedHtml, localizedText } from '../../lib/localize';
import { menuImageSources } from '../../lib/menu-image';
import { useLocale } from '../../lib/use-locale';
import { MenuItemCard } from './menu-item-card';
import { itemState, type MenuGroupView, type MenuItemEntry } from '../../lib/menu-model';
import type { GroupNote } from '../../ordering';
import type { PublicRestaurant } from '@servery/contracts/restaurant';

/**
 * How the restaurant lays its items out (its theme's `card_style` and `browse_menu_style`, spec
 * ordering.md "card style (vertical sample), browse menu style (gallery sample)"): a vertical card has
 * its photo above the text, a horizontal one beside it; a gallery fills the width with cards, a list
 * gives each card a row (two side by side on a wide screen). The layout is the stylesheet's
 * (restaurant.css `.menu-list--*`); only the photo's size follows it here.
 */
export type MenuLayout = Pick<PublicRestaurant['theme'], 'card_style' | 'browse_menu_style'>;

/** Items whose images load at once: about the first screenful on a phone. */
const EAGER_IMAGES = 4;

export function menuElementId(menuId: number): string {
  return `menu-${menuId}`;
}

interface ListProps {
  views: MenuGroupView[];
  layout: MenuLayout;
  /** By menu group id (a hub vendor's state, features/marketplace/vendor-state.ts); absent for groups with nothing to say. */
  groupNotes?: ReadonlyMap<number, GroupNote> | undefined;
  zone: string;
  /** Opens an item's dialog; absent, the cards only show (the staff console's preview of a draft). */
  onOpen?: ((entry: MenuItemEntry, opener: HTMLElement) => void) | undefined;
  onPreload?: (() => void) | undefined;
  onQuickAdd?: ((entry: MenuItemEntry, opener: HTMLElement) => void) | undefined;
}

/** Jumps within the page to a menu: plain links, so they work before the page's JavaScript has loaded. */
export function MenuNav({ views }: { views: MenuGroupView[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const menus = views.flatMap((group) => group.menus);
  if (menus.length < 2) return null;
  return (
    <nav className="menu-nav" aria-label={t('menu.navLabel')}>
      <ul className="menu-nav__list">
        {menus.map(({ menu }) => {
          const name = localizedText(menu, 'name', locale);
          return (
            <li key={menu.id}>
              <a className="menu-nav__link" href={`#${menuElementId(menu.id)}`}>
                <LocalizedText text={name.text} locale={name.locale} />
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const MENU_LIST_ID = 'menu-list';

/**
 * Menu groups (h2), their menus (h3) and sections (h4), each with its items, in order. The list and
 * each section's items are Suspense boundaries: React hydrates them after the page's frame, in short
 * tasks, and first the one a diner touches, whose event it then dispatches (selective hydration,
 * docs/decisions/0053-react.md). Memoised, so the screen's renders right after hydrating do not
 * reach a section still waiting (React would hydrate it at once to apply them).
 */
export const MenuList = memo(function MenuList(props: ListProps) {
  return (
    <Suspense fallback={null}>
      <MenuGroups {...props} />
    </Suspense>
  );
});

function MenuGroups({ views, layout, groupNotes, zone, onOpen, onPreload, onQuickAdd }: ListProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  // The items hydrate section by section (SectionItems), so what they are given must not change with
  // every render of the screen: the latest quick add is read through a ref.
  const latestQuickAdd = useRef(onQuickAdd);
  useLayoutEffect(() => {
    latestQuickAdd.current = onQuickAdd;
  });
  const quickAdd = useCallback((entry: MenuItemEntry, opener: HTMLElement) => latestQuickAdd.current?.(entry, opener), []);
  const canQuickAdd = onQuickAdd !== undefined;
  let index = 0;
  return (
    <div id={MENU_LIST_ID} className={`menu-list menu-list--${layout.browse_menu_style} menu-list--${layout.card_style}`}>
      {views.map(({ group, menus }) => {
        const groupName = localizedText(group, 'name', locale);
        const groupDescription = localizedHtml(group, 'description', locale);
        const note = groupNotes?.get(group.id);
        const groupQuickAdd = canQuickAdd && !note?.blocked ? quickAdd : undefined;
        return (
          <section key={group.id} className="menu-group" aria-labelledby={`group-${group.id}`}>
            <h2 id={`group-${group.id}`} className="menu-group__name">
              <LocalizedText text={groupName.text} locale={groupName.locale} />
            </h2>
            {note && (
              <p id={`group-${group.id}-state`} className="notice notice--warning menu-group__vendor-state">
                {note.text}
              </p>
            )}
            <RestaurantHtml className="menu-group__description" html={groupDescription.text} locale={groupDescription.locale} />
            {menus.map(({ menu, sections }) => {
              const menuName = localizedText(menu, 'name', locale);
              const menuDescription = localizedHtml(menu, 'description', locale);
              return (
                <section key={menu.id} id={menuElementId(menu.id)} className="menu" aria-labelledby={`${menuElementId(menu.id)}-name`}>
                  <div className="menu__head">
                    {typeof menu.image === 'string' && menu.image !== '' && (
                      // The menu's photo (issue 32 item 3), a square beside its name: the name says what it is, so the photo is decoration.
                      <img
                        className="menu__photo"
                        {...menuImageSources(menu.image, 'card')}
                        alt=""
                        width={64}
                        height={64}
                        loading="lazy"
                        fetchPriority="low"
                        decoding="async"
                      />
                    )}
                    <h3 id={`${menuElementId(menu.id)}-name`} className="menu__name">
                      <LocalizedText text={menuName.text} locale={menuName.locale} />
                    </h3>
                  </div>
                  <RestaurantHtml className="menu__description" html={menuDescription.text} locale={menuDescription.locale} />
                  {sections.map(({ key, section, entries }) => {
                    const sectionName = section ? localizedText(section, 'name', locale) : null;
                    const sectionDescription = section ? localizedHtml(section, 'description', locale) : null;
                    const firstIndex = index;
                    index += entries.length;
                    return (
                      <section
                        key={key}
                        id={`${key}-items`}
                        className="menu-section"
                        aria-labelledby={sectionName ? `${key}-name` : undefined}
                      >
                        {sectionName && (
                          <h4 id={`${key}-name`} className="menu-section__name">
                            <LocalizedText text={sectionName.text} locale={sectionName.locale} />
                            {section?.sold_out && <span className="badge badge--state">{t('item.soldOut')}</span>}
                          </h4>
                        )}
                        {sectionDescription && (
                          <RestaurantHtml
                            className="menu-section__description"
                            html={sectionDescription.text}
                            locale={sectionDescription.locale}
                          />
                        )}
                        <SectionItems
                          entries={entries}
                          cardStyle={layout.card_style}
                          firstIndex={firstIndex}
                          zone={zone}
                          onOpen={onOpen}
                          onPreload={onPreload}
                          onQuickAdd={groupQuickAdd}
                        />
                      </section>
                    );
                  })}
                </section>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}

interface SectionItemsProps {
  entries: MenuItemEntry[];
  cardStyle: MenuLayout['card_style'];
  /** The first item's place on the page (the first few load their images at once). */
  firstIndex: number;
  zone: string;
  onOpen: ListProps['onOpen'];
  onPreload: ListProps['onPreload'];
  onQuickAdd: ListProps['onQuickAdd'];
}

/** A section's items: a boundary of their own, hydrated by React in its turn or first when touched. */
const SectionItems = memo(function SectionItems(props: SectionItemsProps) {
  return (
    <Suspense fallback={null}>
      <ItemList {...props} />
    </Suspense>
  );
});

/** The cards of a section. */
function ItemList({ entries, cardStyle, firstIndex, zone, onOpen, onPreload, onQuickAdd }: SectionItemsProps) {
  // A new minute (or a page hydrated in a later minute than the server rendered it) reaches the
  // clock's readers in one synchronous render (a store's update): this list renders then with the
  // time it had, its cards (memoised) untouched, and again with the new time in a transition React
  // cuts into short tasks, instead of every card of the section in one long task.
  const now = useDeferredValue(useNow());
  return (
    <ul className="item-list">
      {entries.map((entry, offset) => (
        <MenuItemCard
          key={entry.item.id}
          entry={entry}
          imageBox={cardStyle === 'vertical' ? 'wide' : 'card'}
          state={itemState(entry, now, zone)}
          now={now}
          zone={zone}
          eagerImage={firstIndex + offset < EAGER_IMAGES}
          headingLevel={5}
          onOpen={onOpen}
          onPreload={onPreload}
          onQuickAdd={onQuickAdd}
        />
      ))}
    </ul>
  );
}
