/**
 * The menu editor's drafts, preview, publish and history (issue 32, items 4 and 6;
 * use-cases/menus/menu-drafts.ts, docs/menu-drafts.md). Owners and managers change them (staff area
 * `menu`); the kitchen reads the draft, its preview and the history (`menu_view`).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { MenusResponse } from '@servery/contracts/restaurant';
import {
  BaseRevisionRequest,
  MenuDraftPreviewQuery,
  MenuDraftResponse,
  MenuHistoryFileResponse,
  MenuHistoryParams,
  MenuHistoryQuery,
  MenuHistoryResponse,
  PublishMenuDraftResponse,
  SaveMenuDraftRequest,
  SaveMenuDraftResponse,
} from '@servery/contracts/staff-menu';
import {
  getMenuDraft,
  getMenuHistoryFile,
  listMenuHistory,
  previewMenuDraft,
  publishMenuDraft,
  restoreMenuVersion,
  saveMenuDraft,
} from '../../use-cases/menus/menu-drafts';
import { menuChangeCaller, staffCaller } from '../staff/staff-caller';
import { TENANT_FILE_LIMIT_BYTES } from './tenant-file';

/** JSON already written, sent as it is (no serializer), never kept by a cache. */
const sendText = (reply: FastifyReply, json: string) =>
  reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(json);

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 413: ErrorEnvelope };

export const staffMenuDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/menu/draft',
    {
      schema: {
        tags: ['staff'],
        summary: "The restaurant's menu draft (its whole tenant file and revision), or the published file to start one from",
        response: { 200: MenuDraftResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { restaurant, actor } = await staffCaller(request, 'menu_view');
      void reply.header('cache-control', 'no-store');
      return getMenuDraft(app.database, restaurant, actor);
    },
  );

  app.put(
    '/api/staff/menu/draft',
    {
      bodyLimit: TENANT_FILE_LIMIT_BYTES,
      schema: {
        tags: ['staff'],
        summary:
          'Save the whole tenant file as the draft: checked as an import is, refused (409) when the draft moved past `base_revision`',
        body: SaveMenuDraftRequest,
        response: { 200: SaveMenuDraftResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await menuChangeCaller(request);
      return saveMenuDraft(app.database, restaurant, actor, request.body.base_revision, request.body.file, app.now(), request.locale);
    },
  );

  app.get(
    '/api/staff/menu/draft/preview',
    {
      schema: {
        tags: ['staff'],
        summary: 'The draft’s menus as a diner of this order type would see them were it published now, in the public menus’ shape',
        querystring: MenuDraftPreviewQuery,
        response: { 200: MenusResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { restaurant } = await staffCaller(request, 'menu_view');
      const preview = await previewMenuDraft(app.database, restaurant, request.query, app.now());
      // Sent as text, as the public menus are (lib/send-menu-payload.ts): the amounts are cents already,
      // and the response schema, whose prices are the tenant file's codecs, documents the shape.
      return sendText(reply, JSON.stringify(preview));
    },
  );

  app.post(
    '/api/staff/menu/draft/publish',
    {
      schema: {
        tags: ['staff'],
        summary: 'Publish the draft at `base_revision` in one change: a new menu version, a history entry, the draft removed',
        body: BaseRevisionRequest,
        response: { 200: PublishMenuDraftResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await menuChangeCaller(request);
      return publishMenuDraft(app.database, restaurant, actor, request.body.base_revision, app.now(), app.ports);
    },
  );

  app.get(
    '/api/staff/menu/history',
    {
      schema: {
        tags: ['staff'],
        summary: 'The publishes, newest first: who, when and what changed',
        querystring: MenuHistoryQuery,
        response: { 200: MenuHistoryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { restaurant } = await staffCaller(request, 'menu_view');
      void reply.header('cache-control', 'no-store');
      return listMenuHistory(app.database, restaurant, request.query);
    },
  );

  app.get(
    '/api/staff/menu/history/:version',
    {
      schema: {
        tags: ['staff'],
        summary: 'One publish with the whole tenant file it published',
        params: MenuHistoryParams,
        response: { 200: MenuHistoryFileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { restaurant, actor } = await staffCaller(request, 'menu_view');
      void reply.header('cache-control', 'no-store');
      return getMenuHistoryFile(app.database, restaurant, actor, request.params.version);
    },
  );

  app.post(
    '/api/staff/menu/history/:version/restore',
    {
      schema: {
        tags: ['staff'],
        summary: 'Save a published version’s whole file as the new draft, refused (409) when the draft moved past `base_revision`',
        params: MenuHistoryParams,
        body: BaseRevisionRequest,
        response: { 200: SaveMenuDraftResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await menuChangeCaller(request);
      return restoreMenuVersion(
        app.database,
        restaurant,
        actor,
        request.params.version,
        request.body.base_revision,
        app.now(),
        request.locale,
      );
    },
  );
};
