import type { KitchenTicket } from '@servery/contracts/staff-printer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import type { StaffCaller } from '../staff-api';
import { reprintTicket, usePrinterWrite } from './printer-api';

/** What a ticket is for: an order's number, or a test print. */
function TicketSubject({ ticket }: { ticket: KitchenTicket }) {
  const { t } = useTranslation();
  return (
    <>{ticket.order_number === null ? t('staff.printer.testTicket') : t('staff.board.orderNumber', { number: ticket.order_number })}</>
  );
}

/** The latest tickets and where each stands (the settings screen). */
export function TicketLog({ tickets }: { tickets: readonly KitchenTicket[] }) {
  const { t } = useTranslation();
  if (tickets.length === 0) return <p>{t('staff.printer.noTickets')}</p>;
  return (
    <ul className="staff-printer__tickets">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <TicketSubject ticket={ticket} /> · {t(`staff.printer.reasons.${ticket.reason}`)} · {t(`staff.printer.states.${ticket.status}`)}
          {ticket.last_error && ticket.status !== 'sent' && ` (${ticket.last_error})`}
        </li>
      ))}
    </ul>
  );
}

/**
 * On the board: the orders whose ticket did not print (the printer was off for longer than the
 * retries last), each with a button that sends it again. The kitchen role may reprint.
 */
export function FailedPrints({ caller, tickets }: { caller: StaffCaller; tickets: readonly KitchenTicket[] }) {
  const { t } = useTranslation();
  const write = usePrinterWrite(caller);
  const [failure, setFailure] = useState<string | null>(null);
  // An order reprinted since is no longer failed for the kitchen: only its latest ticket counts.
  const latest = new Map<string, KitchenTicket>();
  for (const ticket of tickets) if (ticket.order_id && !latest.has(ticket.order_id)) latest.set(ticket.order_id, ticket);
  const failed = [...latest.values()].filter((ticket) => ticket.status === 'failed');
  if (failed.length === 0) return null;
  return (
    <section className="staff-printer__failed" aria-labelledby="failed-prints-title">
      <h2 id="failed-prints-title">{t('staff.printer.failedTitle', { count: failed.length })}</h2>
      {failure && <p role="alert">{failure}</p>}
      <ul>
        {failed.map((ticket) => (
          <li key={ticket.id}>
            <TicketSubject ticket={ticket} /> {ticket.last_error && `(${ticket.last_error})`}{' '}
            <button
              type="button"
              className="button"
              disabled={write.isPending}
              aria-label={t('staff.printer.reprintLabel', { number: ticket.order_number ?? '' })}
              onClick={() => {
                setFailure(null);
                write
                  .mutateAsync(() => reprintTicket(caller, ticket.order_id!))
                  .catch((caught: unknown) => setFailure(errorMessage(t, caught)));
              }}
            >
              {t('staff.printer.reprint')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
