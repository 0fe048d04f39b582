/**
 * A school closure day added to the tenant data (a full-day `holiday_hours` entry, on import):
 * the school orders still `placed` for that day are cancelled. A parent's order becomes account
 * credit at the school (like a cancellation by the parent, cancel-scheduled-order.ts); a guest's
 * (only where k12RequiresLogin is false) is refunded to the card it was paid with. Each family gets
 * an e-mail notice in the language of its order, through the outbox, in the import's transaction:
 * an import that fails cancels nothing and tells no one. Each cancellation records its order event
 * there too, like every status change (docs/decisions/0026-order-events.md): the staff board hears
 * of it and the school's webhooks get `order.cancelled`. Days already past are left alone.
 */
import type { Locale, TenantFile } from '@servery/contracts/tenant-file';
import { transition } from '@servery/domain/order-lifecycle';
import { localDate } from '@servery/domain/school-days';
import { compareAndSetOrderStatus, insertCredit } from '../../db/accounts-repository';
import { recordOrderEvent } from '../../db/order-events-repository';
import type { Executor } from '../../kernel/executor';
import type { Ports } from '../../ports/services';
import { listPlacedSchoolOrdersFrom, listPlacedSchoolOrdersOn } from '../../db/school-orders-repository';
import type { MenuGroupData } from '@servery/domain/cart-lines';
import { type Rotation, rotationMenusOn } from '@servery/domain/school-days';
import { type MenuLookup, menuLookup } from '../menus/menu-lookup';
import { CREDIT_EXPIRY_DAYS } from '../orders/cancel-scheduled-order';
import { storedOrderOf } from '../orders/order-view';
import { dateTimeFormat, moneyFormat } from '../../lib/intl-formats';

export const CLOSURE_REFUND_REASON = 'school_closure';

const TEXT = {
  'en-CA': {
    subject: (school: string, day: string) => `${school}: closed on ${day}, your meal order is cancelled`,
    body: (school: string, day: string, number: number, student: string) =>
      `${school} is closed on ${day}. Order #${number} for ${student} that day has been cancelled.`,
    credit: (amount: string) => `${amount} was added to your account as credit for your next orders.`,
    refund: (amount: string) => `${amount} was refunded to the card you paid with.`,
    removedSubject: (school: string, day: string) => `${school}: a meal you ordered for ${day} is off the menu`,
    removed: (day: string, number: number, student: string, items: string) =>
      `${items} is no longer on the menu for ${day} (order #${number} for ${student}).`,
    // A school order cannot be edited, only cancelled (for credit, by its parent until the cut-off:
    // order-cancellation.ts); a guest's has no account to cancel it from.
    removedParent:
      'The order stands as placed. To choose another meal, cancel it for credit under Scheduled orders in your profile before ordering closes for that day, then order again.',
    removedGuest: (support: string | null) =>
      `The order stands as placed. An order placed without an account cannot be changed or cancelled online: to change it, contact the school${support ? ` at ${support}` : ''}.`,
  },
  'fr-CA': {
    subject: (school: string, day: string) => `${school} : fermé le ${day}, votre commande de repas est annulée`,
    body: (school: string, day: string, number: number, student: string) =>
      `${school} est fermé le ${day}. La commande no ${number} pour ${student} ce jour-là a été annulée.`,
    credit: (amount: string) => `${amount} a été ajouté à votre compte en crédit pour vos prochaines commandes.`,
    refund: (amount: string) => `${amount} a été remboursé sur la carte utilisée pour payer.`,
    removedSubject: (school: string, day: string) => `${school} : un repas commandé pour le ${day} n’est plus au menu`,
    removed: (day: string, number: number, student: string, items: string) =>
      `${items} n’est plus au menu du ${day} (commande no ${number} pour ${student}).`,
    removedParent:
      'La commande reste telle qu’elle a été passée. Pour choisir un autre repas, annulez-la contre un crédit dans Commandes planifiées de votre profil avant la fermeture des commandes pour ce jour, puis commandez de nouveau.',
    removedGuest: (support: string | null) =>
      `La commande reste telle qu’elle a été passée. Une commande passée sans compte ne peut être ni modifiée ni annulée en ligne : pour la changer, communiquez avec l’école${support ? ` à ${support}` : ''}.`,
  },
} as const;

/** Cancels the school's placed orders on its closure days from today on; the number cancelled. */
export async function cancelOrdersOnClosureDays(
  trx: Executor,
  tenant: Pick<TenantFile, 'id' | 'k12' | 'holiday_hours' | 'zone' | 'name' | 'display_name'>,
  ports: Pick<Ports, 'mailer' | 'payments'>,
  now: Date,
): Promise<number> {
  if (!tenant.k12) return 0;
  const today = localDate(now, tenant.zone);
  const closed = tenant.holiday_hours.filter((entry) => entry.full_day !== false && entry.date >= today).map((entry) => entry.date);
  let cancelled = 0;
  for (const order of await listPlacedSchoolOrdersOn(trx, tenant.id, closed)) {
    const moved = transition({ status: 'placed' }, 'cancelled', now);
    if (!moved.ok || !(await compareAndSetOrderStatus(trx, order.id, 'placed', moved.order.status, now))) continue;
    // No person made this change: the import did, for the reason the credit and the event both name.
    await recordOrderEvent(trx, { restaurantId: tenant.id, orderId: order.id, type: 'cancelled', reason: CLOSURE_REFUND_REASON }, now);
    cancelled += 1;
    const stored = storedOrderOf(order);
    const amount = order.total_cents;
    let returned: 'credit' | 'refund' | null = null;
    if (order.user_id !== null && amount > 0) {
      await insertCredit(trx, {
        restaurantId: tenant.id,
        userId: order.user_id,
        amountCents: amount,
        reason: CLOSURE_REFUND_REASON,
        orderId: order.id,
        now,
        expiresAt: new Date(now.getTime() + CREDIT_EXPIRY_DAYS * 86_400_000),
      });
      returned = 'credit';
    } else if (stored.payment.paymentId && stored.payment.amount > 0) {
      const refunded = await ports.payments.refund(trx, tenant.id, stored.payment.paymentId, stored.payment.amount, now);
      if (refunded.ok) returned = 'refund';
    }
    const email = stored.contact.email;
    if (!email) continue;
    const locale: Locale = order.locale === 'fr-CA' ? 'fr-CA' : 'en-CA';
    const t = TEXT[locale];
    const school = tenant.display_name ?? tenant.name;
    const day = dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${order.school_date}T00:00:00Z`),
    );
    const money = moneyFormat(locale).format((returned === 'refund' ? stored.payment.amount : amount) / 100);
    const student = stored.school
      ? `${stored.school.student.firstName} ${stored.school.student.lastName}`.trim()
      : (stored.delivery?.student ?? '');
    const lines = [t.body(school, day, order.number ?? 0, student)];
    if (returned) lines.push(t[returned](money));
    await ports.mailer.send(
      trx,
      { restaurantId: tenant.id, to: email, subject: t.subject(school, day), text: `${lines.join('\n')}\n`, locale, orderId: order.id },
      now,
    );
  }
  return cancelled;
}

/** The school's menus as they are in the database: the rotation and the published tree (before or after an import). */
export interface SchoolMenus {
  rotation: Rotation | null;
  menuGroups: readonly MenuGroupData[];
}

/** Item ids on each menu of a tree (its own items and its sections'). */
function itemsByMenu(menuGroups: readonly MenuGroupData[]): Map<number, Set<number>> {
  const byMenu = new Map<number, Set<number>>();
  for (const group of menuGroups)
    for (const menu of group.menus)
      byMenu.set(menu.id, new Set([...menu.items, ...menu.sections.flatMap((section) => section.items)].map((item) => item.id)));
  return byMenu;
}

function onDay(menus: SchoolMenus, byMenu: Map<number, Set<number>>, date: string, line: { id: number; menu_id: number }): boolean {
  return (
    menus.rotation !== null &&
    rotationMenusOn(menus.rotation, date).includes(line.menu_id) &&
    (byMenu.get(line.menu_id)?.has(line.id) ?? false)
  );
}

/**
 * After an import: a meal that was on a school day's menus and no longer is (the rotation moved, the
 * item or its menu was removed or unpublished) is named to each family whose placed order that day
 * holds it, by e-mail in the order's language. The order stands (an order is never edited): a parent
 * is told they may cancel it for credit until the cut-off and order again, a guest (no account to
 * cancel from) to contact the school. Comparing before with after means an import that changes
 * nothing tells no one.
 */
export async function noticeRemovedSchoolItems(
  trx: Executor,
  tenant: Pick<TenantFile, 'id' | 'k12' | 'zone' | 'name' | 'display_name' | 'supportEmail'>,
  before: SchoolMenus,
  after: SchoolMenus,
  ports: Pick<Ports, 'mailer'>,
  now: Date,
): Promise<number> {
  if (!tenant.k12 || before.rotation === null) return 0;
  const [was, is] = [itemsByMenu(before.menuGroups), itemsByMenu(after.menuGroups)];
  const names: MenuLookup = menuLookup(before.menuGroups);
  let told = 0;
  for (const order of await listPlacedSchoolOrdersFrom(trx, tenant.id, localDate(now, tenant.zone))) {
    const date = order.school_date ?? '';
    const stored = storedOrderOf(order);
    const removed = stored.items.filter((line) => onDay(before, was, date, line) && !onDay(after, is, date, line));
    const email = stored.contact.email;
    if (removed.length === 0 || !email) continue;
    const locale: Locale = order.locale === 'fr-CA' ? 'fr-CA' : 'en-CA';
    const t = TEXT[locale];
    const school = tenant.display_name ?? tenant.name;
    const day = dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
    const student = stored.school
      ? `${stored.school.student.firstName} ${stored.school.student.lastName}`.trim()
      : (stored.delivery?.student ?? '');
    const items = [...new Set(removed.map((line) => names.itemName(line.id, locale)))].join(', ');
    await ports.mailer.send(
      trx,
      {
        restaurantId: tenant.id,
        to: email,
        subject: t.removedSubject(school, day),
        text: `${t.removed(day, order.number ?? 0, student, items)}\n${order.user_id !== null ? t.removedParent : t.removedGuest(tenant.supportEmail)}\n`,
        locale,
        orderId: order.id,
      },
      now,
    );
    told += 1;
  }
  return told;
}
