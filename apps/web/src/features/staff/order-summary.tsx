import type { StaffOrder } from '@servery/contracts/staff';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../i18n/locales';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

/*
 * An order as the board's card (order-card.tsx) and the printed kitchen ticket show it: where and
 * when it goes, its lines, and where its receipt and texts stand.
 */

/** A school day (yyyy-MM-dd) as the board writes dates: dd/MM/yyyy, like formatDate. */
function schoolDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The methods whose reference (a purchase order, a cost centre, an invoice) accounts match the order by. */
const REFERENCE_METHODS = ['purchase_order', 'cost_center', 'invoice'] as const;
type ReferenceMethod = (typeof REFERENCE_METHODS)[number];
const isReferenceMethod = (method: string | null): method is ReferenceMethod =>
  method !== null && (REFERENCE_METHODS as readonly string[]).includes(method);

/** An order's time on the board: its clock time today, with its date another day. */
export function timeShown(instant: string, zone: string, today: string, locale: Locale): string {
  const day = formatDate(instant, zone);
  const time = formatTime(instant, locale, zone);
  return day === today ? time : `${day} ${time}`;
}

/**
 * Where and when the order goes, by its type, for the card and the kitchen ticket: a dine-in table,
 * a takeout slot, a delivery address (or a stadium seat, a custom location), a catering order's
 * reference and room, a school day with its school, grade, classroom, teacher and child, a suite's
 * event and suite.
 */
export function orderFacts(order: StaffOrder, zone: string, today: string, locale: Locale, t: TFunction): string[] {
  const suite = order.suite ?? null;
  const facts: string[] = [suite ? t(`staff.types.suite_${suite.kind}`) : t(`staff.types.${order.type}`, { defaultValue: order.type })];
  // A marketplace hub's vendor order: the counter it is for (its staff see only theirs).
  const vendor = order.marketplace?.vendor;
  if (vendor) facts.push(vendor.names[locale] ?? vendor.name);
  if (order.tableNum) facts.push(t('staff.board.table', { table: order.tableNum }));
  if (order.tableLocation) facts.push(t('staff.board.location', { location: order.tableLocation }));

  // When: a school order is for its school day (its stored time, noon, is no one's pickup).
  if (order.school) facts.push(schoolDay(order.school.date));
  else if (order.pickup_time) facts.push(timeShown(order.pickup_time, zone, today, locale));
  else if (!order.tableNum) facts.push(t('staff.board.asap'));

  if (suite && order.suite_place) {
    facts.push(order.suite_place.event);
    facts.push(
      order.suite_place.location
        ? t('staff.board.suiteAt', { suite: order.suite_place.suite, location: order.suite_place.location })
        : order.suite_place.suite,
    );
  }
  if (suite?.guestName) facts.push(t('staff.board.forGuest', { name: suite.guestName }));

  const delivery = order.delivery;
  if (delivery?.type === 'school') {
    if (delivery.school) facts.push(delivery.school);
    if (delivery.grade) facts.push(t('staff.board.grade', { grade: delivery.grade }));
    if (delivery.classroom) facts.push(t('staff.board.classroom', { classroom: delivery.classroom }));
    if (delivery.teacher) facts.push(delivery.teacher);
    if (delivery.student) facts.push(t('staff.board.forGuest', { name: delivery.student }));
  } else if (delivery) {
    // A listed location's room, floor or suite right after it: where the runner goes in the building.
    for (const value of [delivery.name, delivery.location, delivery.detail, delivery.area]) if (value) facts.push(value);
    if (delivery.section) facts.push(t('staff.board.section', { section: delivery.section }));
    if (delivery.row) facts.push(t('staff.board.row', { row: delivery.row }));
    if (delivery.seat) facts.push(t('staff.board.seat', { seat: delivery.seat }));
    if (delivery.address) facts.push(t('staff.board.deliverTo', { address: delivery.address }));
  }

  // Catering paid by purchase order, cost centre or invoice: the reference accounts match it by.
  const method = order.payment.method;
  if (isReferenceMethod(method) && order.payment.reference)
    facts.push(`${t(`checkout.confirmation.reference.${method}`)} ${order.payment.reference}`);
  // Catering: how many guests it feeds (decision 0116) and the diner's answers to the caterer's questions.
  if (order.headCount != null) facts.push(`${t('cateringHeadCount.guests')}: ${order.headCount}`);
  const language = locale === 'fr-CA' ? 'fr-CA' : 'en-CA';
  for (const answer of order.answers ?? [])
    facts.push(`${answer.question[language]} ${answer.answers.map((chosen) => chosen[language]).join(', ')}`);
  return facts;
}

/** The order's facts as one line (orderFacts). */
export function OrderFacts({ order, zone, today }: { order: StaffOrder; zone: string; today: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return <p className="staff-card__facts">{orderFacts(order, zone, today, locale, t).join(' · ')}</p>;
}

/** The statuses of a finished order, one way or another: the board's done column; their cards say which. */
export const FINISHED = ['completed', 'cancelled', 'refunded'] as const;
type Finished = (typeof FINISHED)[number];
const isFinished = (status: string): status is Finished => (FINISHED as readonly string[]).includes(status);

/**
 * How a finished order ended, in words: the done column holds completed, cancelled and refunded
 * orders alike, and a diner's own cancel has no staff reason to tell it apart. An order cancelled for
 * account credit says so and how much, since its card's charge stands (decision 0138).
 */
export function OrderOutcome({ order }: { order: StaffOrder }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (!isFinished(order.status)) return null;
  const credited = order.status === 'cancelled' ? (order.credited ?? 0) : 0;
  return (
    <p className="staff-card__facts staff-card__outcome">
      {credited > 0
        ? t('staff.board.outcome.credited', { amount: formatMoney(credited, locale) })
        : t(`staff.board.outcome.${order.status}`)}
    </p>
  );
}

export function OrderLines({ order }: { order: StaffOrder }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="staff-card__lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            <strong>{line.quantity} ×</strong> {line.name}
            {line.options.length > 0 && <span className="staff-card__options"> ({line.options.join(', ')})</span>}
            {line.instructions && <span className="staff-card__options"> “{line.instructions}”</span>}
          </li>
        ))}
      </ul>
      {order.notes && <p className="staff-card__facts">{t('checkout.notes.forKitchen', { text: order.notes })}</p>}
    </>
  );
}

/** Where the order's receipt and texts stand (queued, retrying, sent, failed), a failure marked. */
export function OrderMessages({ order }: { order: StaffOrder }) {
  const { t } = useTranslation();
  if (order.messages.length === 0) return null;
  return (
    <p className="staff-card__facts staff-card__messages">
      {t('staff.board.messages')}{' '}
      {order.messages.map((message, index) => (
        <span
          key={index}
          className={message.status === 'failed' ? 'staff-card__message staff-card__message--failed' : 'staff-card__message'}
        >
          {index > 0 && ' · '}
          {t('staff.board.message', { channel: t(`staff.channels.${message.channel}`), status: t(`staff.delivery.${message.status}`) })}
        </span>
      ))}
    </p>
  );
}

/** The printed kitchen ticket: only this shows on paper (staff.css, @media print). */
export function KitchenTicket({ order, zone, today, restaurant }: { order: StaffOrder; zone: string; today: string; restaurant: string }) {
  const { t } = useTranslation();
  return (
    <div className="staff-ticket" aria-hidden="true">
      <p>{restaurant}</p>
      <p className="staff-ticket__number">{t('staff.board.orderNumber', { number: order.number })}</p>
      <OrderFacts order={order} zone={zone} today={today} />
      <p>{order.contact.full_name}</p>
      <OrderLines order={order} />
    </div>
  );
}
