import type { AnnouncementsResponse } from '@servery/contracts/restaurant';
import type { Restaurant } from '../../db/restaurants-repository';
import { sanitize } from '../../lib/sanitize-html';

/** The announcements showing at `now`, their HTML sanitised (default mode) in every language. */
export function getAnnouncements(restaurant: Restaurant, now: Date): AnnouncementsResponse {
  const at = now.toISOString();
  return {
    announcements: restaurant.settings.announcements
      .filter(
        (announcement) =>
          (announcement.starts_at === null || announcement.starts_at <= at) && (announcement.ends_at === null || announcement.ends_at > at),
      )
      .map((announcement) => ({
        id: announcement.id,
        html: sanitize(announcement.html, 'default'),
        localization: Object.fromEntries(
          Object.entries(announcement.localization).flatMap(([locale, fields]) =>
            fields?.html === undefined ? [] : [[locale, { html: sanitize(fields.html, 'default') }]],
          ),
        ),
        starts_at: announcement.starts_at,
        ends_at: announcement.ends_at,
      })),
  };
}
