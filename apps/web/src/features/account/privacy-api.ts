import type { OkResponse } from '@servery/contracts/accounts';
import type { DeleteAccountRequest } from '@servery/contracts/privacy';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/** The person's own data (docs/decisions/0038-account-export-and-erasure.md): the export file's text, as the server wrote it. */
export function exportAccount(client: ApiClient, credentials: SessionCredentials): Promise<string> {
  return client.getText('/api/auth/export-account', { headers: bearer(credentials) });
}

export function deleteAccount(client: ApiClient, credentials: SessionCredentials, body: DeleteAccountRequest): Promise<OkResponse> {
  return client.request<OkResponse>('/api/auth/delete-account', { method: 'POST', body, headers: bearer(credentials) });
}
