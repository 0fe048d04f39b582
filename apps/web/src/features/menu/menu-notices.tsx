import type { AnnouncementsResponse, PublicRestaurant, QueueTimeResponse } from '@servery/contracts/restaurant';
import type { ReactNode } from 'react';
import { LocalizedText, RestaurantHtml } from '../../components/ui/localized';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../i18n/locales';
import { formatTime, relativeDay } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

export type OpenNow = { open: true; closesAt: Date | null; lastCallAt: Date | null } | { open: false; nextOpening: Date | null };

function Notice({ tone, title, children }: { tone: 'info' | 'warning'; title: string; children?: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`}>
      <p className="notice__title">{title}</p>
      {children}
    </div>
  );
}

/** When the restaurant next opens, in its own time zone: "today at 11:00 AM", "Saturday at 10:00 AM", "24/12/2026 at 11:00 AM". */
export function useOpeningText(): (date: Date, now: Date, zone: string) => string {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (date, now, zone) => {
    const time = formatTime(date, locale, zone);
    const { relation, day } = relativeDay(date, now, locale, zone);
    if (relation === 'today') return t('notices.opensToday', { time });
    if (relation === 'tomorrow') return t('notices.opensTomorrow', { time });
    return relation === 'this-week' ? t('notices.opensOnDay', { day, time }) : t('notices.opensOnDate', { day, time });
  };
}

/** The first slot a diner may order ahead for: "Order ahead: the earliest time you can choose is today at 11:00 AM." */
function useAheadText(): (date: Date, now: Date, zone: string) => string {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (date, now, zone) => {
    const time = formatTime(date, locale, zone);
    const { relation, day } = relativeDay(date, now, locale, zone);
    if (relation === 'today') return t('notices.aheadToday', { time });
    if (relation === 'tomorrow') return t('notices.aheadTomorrow', { time });
    return relation === 'this-week' ? t('notices.aheadOnDay', { day, time }) : t('notices.aheadOnDate', { day, time });
  };
}

/**
 * What a diner should know before choosing: orders paused (with the restaurant's message), closed
 * and when it opens, the first slot to order ahead for, the queue, and the restaurant's announcements.
 */
export function MenuNotices({
  restaurant,
  openNow,
  now,
  queue,
  announcements,
  lastCalls,
  firstSlot = null,
  paused = restaurant.orders_paused,
}: {
  restaurant: PublicRestaurant;
  /**
   * Whether this diner's orders are paused: every order's pause, or an ASAP-only pause for a table's
   * order (domain/order-type.ts `pausedFor`); the restaurant's full pause when not given.
   */
  paused?: boolean;
  openNow: OpenNow;
  now: Date;
  queue: QueueTimeResponse | null;
  announcements: AnnouncementsResponse | null;
  /** Menus in their last call: name (in its language) and when they close. */
  lastCalls: Array<{ id: number; name: { text: string; locale: Locale }; closesAt: Date | null }>;
  /** The first slot the server offers while closed or paused (ordering ahead); null when none or not asked. */
  firstSlot?: Date | null;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const openingText = useOpeningText();
  const aheadText = useAheadText();
  const ahead = firstSlot ? <p className="notice__body">{aheadText(firstSlot, now, restaurant.zone)}</p> : null;
  const pausedMessage = localisedMessage(restaurant.orders_paused_message, locale);
  const current = (announcements?.announcements ?? []).filter((announcement) => isCurrent(announcement, now));
  const showQueue = queue?.enabled === true && !paused && openNow.open;

  const lastCallsShown = paused || !openNow.open ? [] : lastCalls;

  // Only ASAP paused (staff availability): diners can still schedule, and read why ASAP is not offered.
  const asapPaused = !paused && restaurant.asap_paused;
  if (!paused && !asapPaused && openNow.open && !showQueue && current.length === 0 && lastCallsShown.length === 0) return null;
  return (
    <section className="notices" aria-label={t('notices.label')}>
      {paused && (
        <Notice tone="warning" title={t('notices.pausedTitle')}>
          {pausedMessage ? (
            <RestaurantHtml className="notice__body" html={pausedMessage.text} locale={pausedMessage.locale} />
          ) : (
            <p className="notice__body">{t('notices.pausedMessage')}</p>
          )}
        </Notice>
      )}
      {asapPaused && (
        <Notice tone="warning" title={t('notices.asapPausedTitle')}>
          {pausedMessage ? (
            <RestaurantHtml className="notice__body" html={pausedMessage.text} locale={pausedMessage.locale} />
          ) : (
            <p className="notice__body">{t('notices.asapPausedMessage')}</p>
          )}
          {ahead}
        </Notice>
      )}
      {!openNow.open && (
        <Notice tone="warning" title={t('notices.closedTitle')}>
          {/* Clock times can differ by the server's and the browser's time-zone data: hydration keeps the server's. */}
          <p className="notice__body" suppressHydrationWarning>
            {openNow.nextOpening ? openingText(openNow.nextOpening, now, restaurant.zone) : t('notices.closedNoOpening')}
            {firstSlot ? null : ` ${t('notices.closedBrowse')}`}
          </p>
          {paused || asapPaused ? null : ahead}
        </Notice>
      )}
      {lastCallsShown.map((lastCall) => (
        <Notice key={lastCall.id} tone="warning" title={t('notices.lastCallTitle')}>
          <p className="notice__body" suppressHydrationWarning>
            <LocalizedText text={lastCall.name.text} locale={lastCall.name.locale} />{' '}
            {lastCall.closesAt
              ? t('notices.lastCallUntil', { time: formatTime(lastCall.closesAt, locale, restaurant.zone) })
              : t('notices.lastCallSoon')}
          </p>
        </Notice>
      ))}
      {showQueue && queue && (
        <Notice tone="info" title={queue.minutes > 0 ? t('notices.queueWait', { count: queue.minutes }) : t('notices.queueNoWait')} />
      )}
      {current.slice(0, 1).map((announcement) => (
        <div key={announcement.id} className="notice notice--info">
          <AnnouncementBody announcement={announcement} locale={locale} />
        </div>
      ))}
      {/* The restaurant's other announcements fold under one line: on a phone, the menu's first dish
          stays above the fold (issue 30 defect 8). Warnings (paused, closed, last call) never fold. */}
      {current.length > 1 && (
        <details className="notice notice--info notices__more">
          <summary className="notices__more-summary">{t('notices.moreNews', { count: current.length - 1 })}</summary>
          {current.slice(1).map((announcement) => (
            <AnnouncementBody key={announcement.id} announcement={announcement} locale={locale} />
          ))}
        </details>
      )}
    </section>
  );
}

type Announcement = AnnouncementsResponse['announcements'][number];

function isCurrent(announcement: Announcement, now: Date): boolean {
  const time = now.getTime();
  if (announcement.starts_at && Date.parse(announcement.starts_at) > time) return false;
  if (announcement.ends_at && Date.parse(announcement.ends_at) <= time) return false;
  return true;
}

function AnnouncementBody({ announcement, locale }: { announcement: Announcement; locale: Locale }) {
  const html = announcementHtml(announcement, locale);
  return <RestaurantHtml className="notice__body" html={html.text} locale={html.locale} />;
}

function announcementHtml(announcement: Announcement, locale: Locale): { text: string; locale: Locale } {
  const translated = locale === 'fr-CA' ? announcement.localization['fr-CA']?.html : undefined;
  return translated && translated.trim() !== '' ? { text: translated, locale } : { text: announcement.html, locale: 'en-CA' };
}

function localisedMessage(messages: Partial<Record<Locale, string>>, locale: Locale): { text: string; locale: Locale } | null {
  const own = messages[locale];
  if (own && own.trim() !== '') return { text: own, locale };
  const english = messages['en-CA'];
  if (english && english.trim() !== '') return { text: english, locale: 'en-CA' };
  return null;
}
