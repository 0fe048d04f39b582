import type { OkResponse } from '@servery/contracts/accounts';
import type { KitchenPrinterResponse, PrinterSettings, QueuedTicketResponse } from '@servery/contracts/staff-printer';
import type { StaffOrder } from '@servery/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { bearer } from '../../../lib/session';
import type { StaffCaller } from '../staff-api';

/** The kitchen printer calls (contracts/staff-printer.ts), for one restaurant and one signed-in caller. */
const headers = ({ slug, credentials }: StaffCaller) => ({ 'X-Restaurant-Id': slug, ...bearer(credentials) });

export const getKitchenPrinter = (caller: StaffCaller, signal?: AbortSignal) =>
  caller.client.get<KitchenPrinterResponse>('/api/staff/kitchen-printer', { headers: headers(caller), ...(signal && { signal }) });

export const putKitchenPrinter = (caller: StaffCaller, body: PrinterSettings) =>
  caller.client.request<OkResponse>('/api/staff/kitchen-printer', { method: 'PUT', body, headers: headers(caller) });

export const deleteKitchenPrinter = (caller: StaffCaller) =>
  caller.client.request<OkResponse>('/api/staff/kitchen-printer', { method: 'DELETE', headers: headers(caller) });

export const sendTestPrint = (caller: StaffCaller) =>
  caller.client.request<QueuedTicketResponse>('/api/staff/kitchen-printer/test', { method: 'POST', headers: headers(caller) });

export const reprintTicket = (caller: StaffCaller, orderId: string) =>
  caller.client.request<QueuedTicketResponse>(`/api/staff/orders/${encodeURIComponent(orderId)}/kitchen-ticket`, {
    method: 'POST',
    headers: headers(caller),
  });

/** Under 'staff': sign-out removes it with the rest of the console (lib/query-keys.ts userOwnedKeys). */
const printerKey = (slug: string) => ['staff', 'kitchen-printer', slug] as const;

/**
 * The printer and its latest tickets, read again every few seconds: a ticket's state changes on the
 * server (printed, retrying, failed) without anyone on this screen doing anything.
 */
export function useKitchenPrinter(caller: StaffCaller) {
  return useQuery({
    queryKey: [...printerKey(caller.slug), caller.credentials.userId],
    queryFn: ({ signal }) => getKitchenPrinter(caller, signal),
    refetchInterval: 5000,
  });
}

/** A printer write (settings, test print, reprint): the printer and its tickets are read again once it succeeds. */
export function usePrinterWrite<TAnswer>(caller: StaffCaller) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: () => Promise<TAnswer>) => call(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printerKey(caller.slug) }),
  });
}

/**
 * The board's "Send to kitchen printer": undefined while the restaurant has no printer (the card then
 * shows browser printing only). Says what happened through the board's announcement or failure.
 */
export function useSendToPrinter(caller: StaffCaller, announce: (text: string) => void, fail: (text: string | null) => void) {
  const { t } = useTranslation();
  const printer = useQuery({
    queryKey: [...printerKey(caller.slug), caller.credentials.userId],
    queryFn: ({ signal }) => getKitchenPrinter(caller, signal),
    // Failed prints show on the board: read often while there is a printer, rarely while there is none.
    refetchInterval: (query) => (query.state.data?.printer ? 5000 : 60_000),
  });
  const write = usePrinterWrite<QueuedTicketResponse>(caller);
  const send = useCallback(
    (order: StaffOrder) => {
      fail(null);
      write
        .mutateAsync(() => reprintTicket(caller, order.id))
        .then(
          () => announce(t('staff.board.sentToPrinter', { number: order.number })),
          (caught: unknown) => fail(errorMessage(t, caught)),
        );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- write.mutateAsync is stable
    [caller, announce, fail, t],
  );
  return { send: printer.data?.printer ? send : undefined, tickets: printer.data?.printer ? printer.data.tickets : null };
}
