import type { AuthResponse, OkResponse } from '@servery/contracts/accounts';
import type { ChangeOrderStatusResponse, StaffOrdersResponse } from '@servery/contracts/staff';
import type {
  AcceptInvitationRequest,
  ChangeStaffRoleResponse,
  InviteStaffRequest,
  InviteStaffResponse,
  LookUpInvitationResponse,
  StaffMe,
  StaffTeamResponse,
} from '@servery/contracts/staff-team';
import type { AvailabilityResponse, SetPauseRequest, SetSoldOutRequest, SetStockRequest } from '@servery/contracts/staff-availability';
import type { ProductionListResponse } from '@servery/contracts/school';
import type { SalesSummaryResponse } from '@servery/contracts/staff-sales';
import type {
  CreateWebhookEndpointRequest,
  CreateWebhookEndpointResponse,
  WebhookDeliveriesResponse,
  WebhookEndpointsResponse,
} from '@servery/contracts/staff-webhooks';
import type { OrderStatus } from '@servery/domain/order-lifecycle';
import type { StaffRole } from '@servery/domain/staff-roles';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/** The staff calls (contracts/staff.ts, contracts/staff-team.ts), for one restaurant (its slug) and one signed-in caller. */
export interface StaffCaller {
  client: ApiClient;
  slug: string;
  credentials: SessionCredentials;
}

const headers = ({ slug, credentials }: StaffCaller) => ({ 'X-Restaurant-Id': slug, ...bearer(credentials) });

export const getStaffMe = (caller: StaffCaller, signal?: AbortSignal) =>
  caller.client.get<StaffMe>('/api/staff/me', { headers: headers(caller), ...(signal && { signal }) });

export const getTeam = (caller: StaffCaller, signal?: AbortSignal) =>
  caller.client.get<StaffTeamResponse>('/api/staff/team', { headers: headers(caller), ...(signal && { signal }) });

export const inviteStaff = (caller: StaffCaller, body: InviteStaffRequest) =>
  caller.client.request<InviteStaffResponse>('/api/staff/invitations', { method: 'POST', body, headers: headers(caller) });

export const revokeInvitation = (caller: StaffCaller, id: string) =>
  caller.client.request<OkResponse>(`/api/staff/invitations/${encodeURIComponent(id)}`, { method: 'DELETE', headers: headers(caller) });

export const changeRole = (caller: StaffCaller, userId: number, role: StaffRole) =>
  caller.client.request<ChangeStaffRoleResponse>(`/api/staff/members/${userId}/role`, {
    method: 'POST',
    body: { role },
    headers: headers(caller),
  });

export const removeMember = (caller: StaffCaller, userId: number) =>
  caller.client.request<OkResponse>(`/api/staff/members/${userId}`, { method: 'DELETE', headers: headers(caller) });

export const listOrders = (caller: StaffCaller, signal?: AbortSignal) =>
  caller.client.get<StaffOrdersResponse>('/api/staff/orders', { headers: headers(caller), ...(signal && { signal }) });

export const moveOrder = (caller: StaffCaller, orderId: string, status: OrderStatus, reason?: string) =>
  caller.client.request<ChangeOrderStatusResponse>(`/api/staff/orders/${encodeURIComponent(orderId)}/status`, {
    method: 'POST',
    body: { status, ...(reason && { reason }) },
    headers: headers(caller),
  });

/** The invitation-link calls need no session. */
export const lookUpInvitation = (client: ApiClient, slug: string, token: string) =>
  client.request<LookUpInvitationResponse>('/api/staff/invitations/look-up', {
    method: 'POST',
    body: { token },
    headers: { 'X-Restaurant-Id': slug },
  });

export const acceptInvitation = (client: ApiClient, slug: string, body: AcceptInvitationRequest) =>
  client.request<AuthResponse>('/api/staff/invitations/accept', { method: 'POST', body, headers: { 'X-Restaurant-Id': slug } });

export const staffSignIn = (client: ApiClient, slug: string, body: { email: string; password: string }) =>
  client.request<AuthResponse>('/api/auth/login-native', { method: 'POST', body, headers: { 'X-Restaurant-Id': slug } });

export const getAvailability = (caller: StaffCaller, signal?: AbortSignal) =>
  caller.client.get<AvailabilityResponse>('/api/staff/availability', { headers: headers(caller), ...(signal && { signal }) });

export const setSoldOut = (caller: StaffCaller, body: SetSoldOutRequest) =>
  caller.client.request<OkResponse>('/api/staff/availability/sold-out', { method: 'POST', body, headers: headers(caller) });

export const setStock = (caller: StaffCaller, body: SetStockRequest) =>
  caller.client.request<OkResponse>('/api/staff/availability/stock', { method: 'POST', body, headers: headers(caller) });

export const setPause = (caller: StaffCaller, body: SetPauseRequest) =>
  caller.client.request<OkResponse>('/api/staff/availability/pause', { method: 'POST', body, headers: headers(caller) });

/** A dated report's day (the server's today without one). */
const dateQuery = (date: string | null) => (date ? `?${new URLSearchParams({ date }).toString()}` : '');

/** `?date=&to=` of a sales period (either may be absent: the server's today, one day). */
const periodQuery = (period: { date: string | null; to: string | null }) => {
  const query = new URLSearchParams(Object.entries(period).filter((entry): entry is [string, string] => entry[1] !== null)).toString();
  return query ? `?${query}` : '';
};

export const getSales = (caller: StaffCaller, period: { date: string | null; to: string | null }, signal?: AbortSignal) =>
  caller.client.get<SalesSummaryResponse>(`/api/staff/sales${periodQuery(period)}`, {
    headers: headers(caller),
    ...(signal && { signal }),
  });

export const getSalesCsv = (caller: StaffCaller, period: { date: string | null; to: string | null }) =>
  caller.client.getText(`/api/staff/sales.csv${periodQuery(period)}`, { headers: headers(caller) });

export const getProduction = (caller: StaffCaller, date: string | null, signal?: AbortSignal) =>
  caller.client.get<ProductionListResponse>(`/api/staff/school/production${dateQuery(date)}`, {
    headers: headers(caller),
    ...(signal && { signal }),
  });

export const getProductionCsv = (caller: StaffCaller, date: string) =>
  caller.client.getText(`/api/staff/school/production.csv${dateQuery(date)}`, { headers: headers(caller) });

export const listWebhooks = (caller: StaffCaller, signal?: AbortSignal) =>
  caller.client.get<WebhookEndpointsResponse>('/api/staff/webhooks', { headers: headers(caller), ...(signal && { signal }) });

export const addWebhook = (caller: StaffCaller, body: CreateWebhookEndpointRequest) =>
  caller.client.request<CreateWebhookEndpointResponse>('/api/staff/webhooks', { method: 'POST', body, headers: headers(caller) });

export const removeWebhook = (caller: StaffCaller, id: string) =>
  caller.client.request<OkResponse>(`/api/staff/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE', headers: headers(caller) });

export const listWebhookDeliveries = (caller: StaffCaller, id: string, signal?: AbortSignal) =>
  caller.client.get<WebhookDeliveriesResponse>(`/api/staff/webhooks/${encodeURIComponent(id)}/deliveries`, {
    headers: headers(caller),
    ...(signal && { signal }),
  });
