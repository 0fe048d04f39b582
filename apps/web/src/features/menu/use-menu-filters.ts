import { hasActiveFilters, type Allergen, type Diet } from '@servery/domain/menu-search';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';

export interface MenuFilters {
  query: string;
  diets: Diet[];
  allergens: Allergen[];
}

export interface MenuFiltersControl {
  /** What the controls show, as typed. */
  input: MenuFilters;
  /** What the list is filtered by: the query lags behind typing so a long menu never blocks the keyboard. */
  applied: MenuFilters;
  active: boolean;
  setQuery: (query: string) => void;
  toggleDiet: (diet: Diet) => void;
  toggleAllergen: (allergen: Allergen) => void;
  clear: () => void;
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value];
}

export function useMenuFilters(): MenuFiltersControl {
  const [query, setQuery] = useState('');
  const [diets, setDiets] = useState<Diet[]>([]);
  const [allergens, setAllergens] = useState<Allergen[]>([]);
  const deferredQuery = useDeferredValue(query);

  const input = useMemo(() => ({ query, diets, allergens }), [query, diets, allergens]);
  const applied = useMemo(() => ({ query: deferredQuery, diets, allergens }), [deferredQuery, diets, allergens]);
  const toggleDiet = useCallback((diet: Diet) => setDiets((list) => toggle(list, diet)), []);
  const toggleAllergen = useCallback((allergen: Allergen) => setAllergens((list) => toggle(list, allergen)), []);
  const clear = useCallback(() => {
    setQuery('');
    setDiets([]);
    setAllergens([]);
  }, []);

  return { input, applied, active: hasActiveFilters(applied), setQuery, toggleDiet, toggleAllergen, clear };
}
