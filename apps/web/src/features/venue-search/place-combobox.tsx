import type { PlaceSuggestion } from '@servery/contracts/venue-search';
import { forwardRef, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../components/ui/form/field';
import { useFormField } from '../../components/ui/form/form';
import { queryKeys } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';
import { fetchPlaceSuggestions } from './venue-search-api';

/** Wait this long after the last keystroke before asking for suggestions. */
const SUGGEST_DELAY_MS = 200;

interface PlaceComboboxProps {
  group: string;
  /** A suggestion was chosen (click, Enter on the highlighted one). */
  onChoose: (place: PlaceSuggestion) => void;
  /** The suggestions for a text, for a search started without choosing one (the first is taken). */
  onSuggestions: (text: string, places: PlaceSuggestion[]) => void;
}

/**
 * The place-name box: an ARIA 1.2 combobox whose listbox holds the suggestions of
 * POST /api/restaurants/autocomplete-search. Arrows move through them, Enter chooses, Escape closes.
 * Its text is the search form's `place` (VenueSearchForm, bound through the form mechanism), with
 * the form's message under it.
 */
export const PlaceCombobox = forwardRef<HTMLInputElement, PlaceComboboxProps>(function PlaceCombobox(
  { group, onChoose, onSuggestions },
  ref,
) {
  const { t } = useTranslation();
  const { value: text, onChange: onTextChange, error, field } = useFormField('place');
  const client = useApiClient();
  const id = useId();
  const listId = `${id}-list`;
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  const sessionToken = useRef(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
  const typed = useRef(false);

  // The text once typing rests (a timer, not a fetch to cancel); only that text is asked about.
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!typed.current) return;
    const description = text.trim();
    if (description.length < 2) {
      setAsked(null);
      setSuggestions([]);
      onSuggestions(description, []);
      return;
    }
    const timer = setTimeout(() => setAsked(description), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onSuggestions]);

  // The suggestions are a query keyed by the text: a newer text is a new key, and TanStack aborts the older request.
  const query = useQuery({
    queryKey: queryKeys.placeSuggestions(group, asked ?? ''),
    queryFn:
      asked !== null
        ? ({ signal }) => fetchPlaceSuggestions(client, { group, description: asked, sessionToken: sessionToken.current }, signal)
        : skipToken,
    // A place name's suggestions do not change while the diner types.
    staleTime: Infinity,
  });
  const answer = asked !== null ? query.data : undefined;
  const failure = asked !== null && query.isError ? query.error : null;
  useEffect(() => {
    if (asked === null) return;
    if (answer) {
      setFailed(false);
      setSuggestions(answer.predictions);
      onSuggestions(asked, answer.predictions);
      setActive(-1);
      setOpen(answer.predictions.length > 0);
    } else if (failure) {
      setFailed(true);
      setSuggestions([]);
      onSuggestions(asked, []);
    }
  }, [asked, answer, failure, onSuggestions]);

  const choose = (place: PlaceSuggestion) => {
    typed.current = false;
    setAsked(null);
    onTextChange(place.description);
    setOpen(false);
    setActive(-1);
    onChoose(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      const place = suggestions[active];
      if (place) {
        event.preventDefault();
        choose(place);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const expanded = open && suggestions.length > 0;
  return (
    <div className="form-field place-combobox">
      <label className="form-field__label" htmlFor={id}>
        {t('venueSearch.placeLabel')}
      </label>
      <p className="form-field__hint" id={`${id}-hint`}>
        {t('venueSearch.placeHint')}
      </p>
      <input
        ref={ref}
        id={id}
        className="text-input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        data-field={field}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          typed.current = true;
          onTextChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => suggestions.length > 0 && typed.current && setOpen(true)}
      />
      <ul className="place-combobox__list" id={listId} role="listbox" aria-label={t('venueSearch.suggestions')} hidden={!expanded}>
        {suggestions.map((place, index) => (
          <li
            key={place.gmapPlaceId}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="place-combobox__option"
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(place);
            }}
          >
            {place.description}
          </li>
        ))}
      </ul>
      <FieldError id={`${id}-error`} error={error} />
      {failed && (
        <p className="venue-search__message" role="alert">
          {t('venueSearch.suggestionsFailed')}
        </p>
      )}
    </div>
  );
});
