import { VenueSearchForm } from '@servery/contracts/forms';
import type { GeolocationSearchResponse, PlaceSuggestion } from '@servery/contracts/venue-search';
import { type DistanceUnit, SEARCH_DEFAULTS, SEARCH_RADII } from '@servery/domain/venue-search';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { FieldsRefused, Form } from '../../components/ui/form/form';
import { useZodForm, type FormOutput } from '../../components/ui/form/use-zod-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { PlaceCombobox } from './place-combobox';
import { useChain } from './use-chain';
import { useGeolocation } from './use-geolocation';
import { formatRadius, SearchOutcome } from './venue-results';
import { fetchPlaceSuggestions, searchVenues } from './venue-search-api';
import '../../components/ui/form-fields.css';
import './venue-search.css';

type Origin = { kind: 'place'; gmapPlaceId: string; label: string } | { kind: 'device'; lat: number; lng: number };

/**
 * A venue chain's location search (/bowlero-location-search, and /search?group= for any chain):
 * a place name or the device's position, then the chain's venues nearest first. A failed search
 * shows a message and sets the results to null (spec ordering.md section 8).
 */
export function VenueSearchScreen() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient();
  const { group, chain } = useChain();
  const chainName = chain.isSuccess ? chain.data.name : null;
  const title = chainName ? t('venueSearch.titleOf', { chain: chainName }) : t('venueSearch.title');
  useDocumentTitle(title);

  // The place typed, kept by the form so that "use my location" leaves it as it was.
  const form = useZodForm(VenueSearchForm, { defaultValues: { place: '' }, messages: { place: 'venueSearch.choosePlace' } });
  const suggestions = useRef<{ text: string; places: PlaceSuggestion[] }>({ text: '', places: [] });
  const onSuggestions = useCallback((forText: string, places: PlaceSuggestion[]) => {
    suggestions.current = { text: forText, places };
  }, []);
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [radius, setRadius] = useState<number>(SEARCH_DEFAULTS.radius);
  const [chosenUnit, setChosenUnit] = useState<DistanceUnit | null>(null);
  // Spec: miles by default; kilometres in French.
  const unit: DistanceUnit = chosenUnit ?? (locale === 'fr-CA' ? 'km' : SEARCH_DEFAULTS.unit);
  // A suggestion asked for at submit that failed: no search, and the reason is shown.
  const [submitFailure, setSubmitFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { permission, locate } = useGeolocation();
  const [locating, setLocating] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const radiusId = useId();
  const unitId = useId();

  // The search is a query keyed by where, how far and in what unit: a new choice is a new key, and
  // TanStack aborts the search in flight for the old one (decision 0054).
  const where = origin
    ? origin.kind === 'place'
      ? { gmapPlaceId: origin.gmapPlaceId, name: origin.label }
      : { lat: origin.lat, lng: origin.lng }
    : null;
  const search = useQuery({
    queryKey: queryKeys.venueSearch(group, where, radius, unit),
    queryFn: where ? ({ signal }) => searchVenues(client, { ...where, group, radius, unit }, signal) : skipToken,
  });
  const searching = search.isFetching;
  const failed = submitFailure ?? (search.isError ? search.error : null);
  const results: GeolocationSearchResponse | null | undefined = failed !== null ? null : search.data;
  const failure = failed !== null ? errorMessage(t, failed) : null;

  const choosePlace = (place: PlaceSuggestion) => {
    setNotice(null);
    setSubmitFailure(null);
    setOrigin({ kind: 'place', gmapPlaceId: place.gmapPlaceId, label: place.description });
  };

  // Search without a chosen suggestion takes the first place the text suggests, asking for it when
  // the suggestions have not come back yet. Fewer than two characters is the form's message (choosePlace).
  const onSearch = async ({ place: description }: FormOutput<typeof VenueSearchForm>) => {
    setNotice(null);
    if (origin?.kind === 'place' && origin.label === form.getValues('place')) return;
    // Only suggestions for the text as it is now: an answer for an earlier text is stale.
    let first = suggestions.current.text === description ? suggestions.current.places[0] : undefined;
    if (!first) {
      try {
        first = (await fetchPlaceSuggestions(client, { group, description, sessionToken: 'search' })).predictions[0];
      } catch (error) {
        setSubmitFailure(error);
        return;
      }
    }
    if (!first) throw new FieldsRefused([['place', { key: 'message', name: 'venueSearch.noPlace' }]]);
    form.setValue('place', first.description);
    choosePlace(first);
  };

  const locateMe = async () => {
    setNotice(null);
    setLocating(true);
    const outcome = await locate();
    setLocating(false);
    if (outcome.ok) {
      setSubmitFailure(null);
      setOrigin({ kind: 'device', lat: outcome.lat, lng: outcome.lng });
      return;
    }
    // The box is left as it was: the diner can type a place instead.
    setNotice(t(`venueSearch.location.${outcome.reason}`));
    box.current?.focus();
  };

  const logo = chain.isSuccess ? chain.data.logo : null;
  const originLabel = origin?.kind === 'place' ? origin.label : t('venueSearch.yourLocation');
  return (
    <section className="venue-search" aria-labelledby="venue-search-title">
      <div className="venue-search__brand">
        {logo && chainName && (
          <img className="venue-search__logo" src={logo} alt={t('restaurant.logoAlt', { name: chainName })} height={56} />
        )}
        <h1 id="venue-search-title">{title}</h1>
      </div>
      <Form form={form} className="venue-search__form" onValid={onSearch} role="search" aria-label={t('venueSearch.formLabel')}>
        <PlaceCombobox ref={box} group={group} onChoose={choosePlace} onSuggestions={onSuggestions} />
        <div className="venue-search__options">
          <div className="form-field">
            <label className="form-field__label" htmlFor={radiusId}>
              {t('venueSearch.radius')}
            </label>
            <select id={radiusId} className="text-input" value={radius} onChange={(event) => setRadius(Number(event.target.value))}>
              {SEARCH_RADII.map((value) => (
                <option key={value} value={value}>
                  {formatRadius(value, unit, locale)}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={unitId}>
              {t('venueSearch.unit')}
            </label>
            <select id={unitId} className="text-input" value={unit} onChange={(event) => setChosenUnit(event.target.value as DistanceUnit)}>
              <option value="mi">{t('venueSearch.units.mi')}</option>
              <option value="km">{t('venueSearch.units.km')}</option>
            </select>
          </div>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {t('venueSearch.search')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void locateMe()}
            disabled={locating}
            aria-describedby="venue-search-permission"
          >
            {locating ? t('venueSearch.locating') : t('venueSearch.useMyLocation')}
          </button>
        </div>
        <p className="venue-search__permission" id="venue-search-permission">
          {t(`venueSearch.permission.${permission}`)}
        </p>
        {notice && (
          <p className="inline-error" role="alert">
            {notice}
          </p>
        )}
      </Form>

      <SearchOutcome searching={searching} results={results} failure={failure} originLabel={originLabel} group={group} />
    </section>
  );
}
