import { ALLERGENS, DIETS } from '@servery/domain/menu-search';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuFiltersControl } from './use-menu-filters';

/**
 * Search over names, descriptions and ingredients (both languages, accents ignored) and filters by
 * diet and by allergen to avoid. Every control is a native input, so the keyboard works as usual.
 */
export function MenuFilters({ filters, matchCount }: { filters: MenuFiltersControl; matchCount: number }) {
  const { t } = useTranslation();
  const id = useId();
  const { input } = filters;
  const selectedFilters = input.diets.length + input.allergens.length;

  return (
    <div role="search" className="menu-filters" aria-label={t('filters.regionLabel')}>
      <div className="menu-filters__search">
        <label htmlFor={`${id}-query`} className="menu-filters__label">
          {t('filters.searchLabel')}
        </label>
        <input
          id={`${id}-query`}
          type="search"
          className="text-input"
          value={input.query}
          onChange={(event) => filters.setQuery(event.target.value)}
          placeholder={t('filters.searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      <details className="menu-filters__details">
        <summary className="menu-filters__summary">
          {selectedFilters > 0 ? t('filters.toggleCount', { count: selectedFilters }) : t('filters.toggle')}
        </summary>
        <fieldset className="filter-set">
          <legend>{t('filters.dietsLegend')}</legend>
          <ul className="filter-set__options">
            {DIETS.map((diet) => (
              <li key={diet}>
                <label className="chip">
                  <input type="checkbox" checked={input.diets.includes(diet)} onChange={() => filters.toggleDiet(diet)} />
                  <span>{t(`diets.${diet}`)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="filter-set">
          <legend>{t('filters.allergensLegend')}</legend>
          <ul className="filter-set__options">
            {ALLERGENS.map((allergen) => (
              <li key={allergen}>
                <label className="chip">
                  <input type="checkbox" checked={input.allergens.includes(allergen)} onChange={() => filters.toggleAllergen(allergen)} />
                  <span>{t(`allergens.${allergen}`)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </details>
      {input.allergens.length > 0 && (
        <p className="menu-filters__avoid">
          {t('filters.avoiding', { allergens: input.allergens.map((allergen) => t(`allergens.${allergen}`)).join(', ') })}
        </p>
      )}
      <div className="menu-filters__status">
        <p role="status" className="menu-filters__count">
          {filters.active ? (matchCount === 0 ? t('filters.noMatches') : t('filters.matches', { count: matchCount })) : ''}
        </p>
        {filters.active && matchCount > 0 && (
          <button type="button" className="button button--small" onClick={filters.clear}>
            {t('filters.clear')}
          </button>
        )}
      </div>
    </div>
  );
}
