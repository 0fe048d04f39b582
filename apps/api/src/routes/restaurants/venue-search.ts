import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  AutocompleteSearchRequest,
  AutocompleteSearchResponse,
  ChainParams,
  ChainResponse,
  GeolocationSearchRequest,
  GeolocationSearchResponse,
} from '@servery/contracts/venue-search';
import { autocompleteSearch, geolocationSearch, getChain } from '../../use-cases/menus/search-venues';

/** Venue-chain location search (spec ordering.md section 7). Not tied to one restaurant: no tenant header. */
export const venueSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/restaurants/autocomplete-search',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Place names that start with the text typed (offline gazetteer of Canada and the US)',
        body: AutocompleteSearchRequest,
        response: { 200: AutocompleteSearchResponse, 400: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request) => autocompleteSearch(app.database.db, app.ports.gazetteer, request.body, request.ip, app.now()),
  );

  app.post(
    '/api/restaurants/geolocation-search',
    {
      schema: {
        tags: ['restaurants'],
        summary: "A chain's venues within the radius of a point, nearest first",
        body: GeolocationSearchRequest,
        response: { 200: GeolocationSearchResponse, 400: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request) => geolocationSearch(app.database.db, app.ports.gazetteer, request.body, request.ip, app.now()),
  );

  app.get(
    '/api/restaurants/chains/:group',
    {
      schema: {
        tags: ['restaurants'],
        summary: "A chain's name, look and venues not open yet",
        params: ChainParams,
        response: { 200: ChainResponse, 404: ErrorEnvelope },
      },
    },
    async (request) => getChain(app.database.db, request.params.group, app.now()),
  );
};
