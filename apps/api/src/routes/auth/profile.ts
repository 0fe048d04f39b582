/** The signed-in user's profile: fields, snapshot, students, credits, subsidy codes, receipts and scheduled orders. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelScheduledOrderResponse,
  CreditBalancesResponse,
  EditUserRequest,
  OrderIdParams,
  PastReceiptsResponse,
  ScheduledOrderDetailResponse,
  ScheduledOrdersResponse,
  StudentParams,
  StudentRequest,
  StudentResponse,
  SubsidyCodeRequest,
  SubsidyCodeResponse,
  OkResponse,
  UserCreditsQuery,
  UserCreditsResponse,
  UserResponse,
  UserSnapshotResponse,
} from '@servery/contracts/accounts';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../plugins/request-context';
import { requireUser } from '../../plugins/session';
import { accountUser, userCredits, userSnapshot } from '../../use-cases/accounts/account-view';
import { cancelScheduledOrder } from '../../use-cases/orders/cancel-scheduled-order';
import { creditBalances } from '../../use-cases/accounts/credit-balances';
import { pastReceipts, scheduledOrderDetail, scheduledOrders } from '../../use-cases/accounts/account-orders';
import {
  changeStudent,
  createStudent,
  editUser,
  forgetSubsidyCode,
  keepSubsidyCode,
  removeStudent,
} from '../../use-cases/accounts/manage-profile';
import { optionalTenant } from './sessions';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const LIST_LIMIT = 200;

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.database;

  app.post(
    '/api/auth/edit-user',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change names, e-mail, phone or password (a new password needs currentPassword and ends other sessions)',
        body: EditUserRequest,
        response: { 200: UserResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const now = app.now();
      const restaurant = await optionalTenant(request);
      const user = await editUser(database, session, request.body, now);
      return { user: await accountUser(database.db, user, restaurant, now) };
    },
  );

  app.post(
    '/api/auth/get-user-snapshot',
    {
      schema: {
        tags: ['auth'],
        summary: 'Students, subsidy code and credits at this restaurant',
        response: { 200: UserSnapshotResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      return userSnapshot(database.db, restaurant, session.userId, app.now());
    },
  );

  app.post(
    '/api/auth/students',
    {
      schema: {
        tags: ['auth'],
        summary: 'Add a student at this restaurant',
        body: StudentRequest,
        response: { 200: StudentResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      return { student: await createStudent(database, restaurant, session.userId, request.body) };
    },
  );

  app.put(
    '/api/auth/students/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change one of the user’s students (another user’s is not found)',
        params: StudentParams,
        body: StudentRequest,
        response: { 200: StudentResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      return { student: await changeStudent(database, restaurant, session.userId, request.params.id, request.body) };
    },
  );

  app.post(
    '/api/auth/delete-student/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Remove one of the user’s students (another user’s is not found)',
        params: StudentParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      await removeStudent(database, restaurant, session.userId, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/user-credits',
    {
      schema: {
        tags: ['auth'],
        summary: 'The user’s credits at this restaurant (userId, when sent, must be the signed-in user)',
        querystring: UserCreditsQuery,
        response: { 200: UserCreditsResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      if (request.query.userId !== undefined && request.query.userId !== session.userId) throw new AppError('NOT_FOUND');
      const restaurant = await tenantOf(request);
      return { credits: await userCredits(database.db, restaurant, session.userId, app.now()) };
    },
  );

  app.get(
    '/api/auth/credit-balances',
    {
      schema: {
        tags: ['auth'],
        summary: 'The user’s credits at every restaurant where some are usable now (the profile’s balances)',
        response: { 200: CreditBalancesResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      return { restaurants: await creditBalances(database.db, session.userId, app.now()) };
    },
  );

  app.post(
    '/api/auth/add-subsidy-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Keep a subsidy code of this restaurant for the user',
        body: SubsidyCodeRequest,
        response: { 200: SubsidyCodeResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      return { code: await keepSubsidyCode(database, restaurant, session.userId, request.body.code, request.ip, app.now()) };
    },
  );

  app.post(
    '/api/auth/delete-subsidy-code',
    { schema: { tags: ['auth'], summary: 'Forget the user’s subsidy code here', response: { 200: SubsidyCodeResponse, ...errors } } },
    async (request) => {
      const session = await requireUser(request);
      const restaurant = await tenantOf(request);
      await forgetSubsidyCode(database, restaurant, session.userId, app.now());
      return { code: null };
    },
  );

  app.post(
    '/api/auth/get-past-receipts',
    {
      schema: {
        tags: ['auth'],
        summary: 'The user’s orders at every restaurant, newest first, with their lines; the orders of one checkout together',
        response: { 200: PastReceiptsResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      return { receipts: await pastReceipts(database.db, session.userId, LIST_LIMIT, request.locale, app.now()) };
    },
  );

  app.post(
    '/api/auth/orders/get-scheduled-orders',
    {
      schema: {
        tags: ['auth'],
        summary: 'The user’s placed orders with a pickup still ahead, soonest first',
        response: { 200: ScheduledOrdersResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      return { orders: await scheduledOrders(database.db, session.userId, app.now(), LIST_LIMIT) };
    },
  );

  app.get(
    '/api/auth/scheduled-orders/:orderId',
    {
      schema: {
        tags: ['auth'],
        summary: 'One of the user’s orders with its lines, costs and whether it can still be cancelled (another user’s is not found)',
        params: OrderIdParams,
        response: { 200: ScheduledOrderDetailResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      return scheduledOrderDetail(database, session.userId, request.params.orderId, request.locale, app.now());
    },
  );

  app.put(
    '/api/auth/orders/cancel-scheduled-order/:orderId',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cancel a scheduled order for account credit expiring in one year; 443 when it cannot be cancelled',
        params: OrderIdParams,
        response: { 200: CancelScheduledOrderResponse, ...errors },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      return cancelScheduledOrder(database, session.userId, request.params.orderId, app.now());
    },
  );
};
