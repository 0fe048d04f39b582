import { memo, Suspense, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemPrice } from '../../components/ui/item-facts';
import { LocalizedText } from '../../components/ui/localized';
import { localizedText } from '../../lib/localize';
import type { MenuItemEntry } from '../../lib/menu-model';
import { menuImageSources } from '../../lib/menu-image';
import { useLocale } from '../../lib/use-locale';
import { itemElementId } from './menu-item-card';

const FEATURED_ID = 'featured';

interface FeaturedProps {
  entries: MenuItemEntry[];
  now: Date;
  zone: string;
}

/**
 * The featured strip at the top: links to the items in the menu below (the item's own card is the
 * one place to open it, so it is never two buttons of the same name). A boundary of its own, hydrated
 * after the page's frame; memoised, so the screen's renders right after hydrating do not reach it.
 */
export const FeaturedItems = memo(function FeaturedItems(props: FeaturedProps) {
  if (props.entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <FeaturedStrip {...props} />
    </Suspense>
  );
});

function FeaturedStrip({ entries, now, zone }: FeaturedProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();

  const jump = (event: MouseEvent<HTMLAnchorElement>, itemId: number) => {
    const button = document.getElementById(itemElementId(itemId))?.querySelector<HTMLButtonElement>('.item-card__open');
    if (!button) return;
    event.preventDefault();
    button.scrollIntoView({ block: 'center' });
    button.focus({ preventScroll: true });
  };

  return (
    <section id={FEATURED_ID} className="featured" aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="featured__heading">
        {t('menu.featured')}
      </h2>
      <ul className="featured__list">
        {entries.map(({ item }, index) => {
          const name = localizedText(item, 'name', locale);
          return (
            <li key={item.id} className="featured__item">
              <a className="featured__link" href={`#${itemElementId(item.id)}`} onClick={(event) => jump(event, item.id)}>
                {item.image && (
                  <img
                    className="featured__image"
                    {...menuImageSources(item.image, 'wide')}
                    alt=""
                    width={160}
                    height={96}
                    loading={index < 2 ? 'eager' : 'lazy'}
                    fetchPriority="low"
                    decoding="async"
                  />
                )}
                <LocalizedText className="featured__name" text={name.text} locale={name.locale} />
                <ItemPrice item={item} now={now} zone={zone} className="featured__price" />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
