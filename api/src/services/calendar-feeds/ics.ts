// The text of a calendar feed (iCalendar, RFC 5545, written by ical-generator): one event per shipment and
// milestone (arrival at POD, delivery) of the feed's scope, within a window around today and at most a bounded
// number of them (the nearest to today first).
//
// - Which shipments: those of the owner's company that the shipment list shows (hidden ones left out), narrowed
//   by the scope: all, one project, or one of the owner's saved export templates (its list filters, read with
//   the list's own parser, so a feed shows what the list shows).
// - When: at POD the actual arrival, else the carrier's ETA; at delivery the actual one, else the last planned.
//   A date at midnight (at the place's time zone, or UTC) is how carriers send a day without a time: it is an
//   all-day event; any other time is a one-hour event at that instant (UTC).
// - Updates: the UID is fixed per feed, shipment and milestone, so a client replaces the event; SEQUENCE is how
//   many times the milestone's dates changed (the change history the engine keeps), LAST-MODIFIED and DTSTAMP
//   the last of those changes (no METHOD: then DTSTAMP is when the event was last revised, RFC 5545 3.8.7.2).
//   A feed fetched twice with nothing changed is the same text.
import ical, { ICalEventTransparency } from 'ical-generator';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ApiError } from '../../lib/errors';
import { loadThresholds } from '../health';
import { parseShipmentFilters, resolveSearch, shipmentConditions } from '../shipments/filters';
import type { ActiveFeed } from './feeds';
import { FEED_TEXTS, type FeedMilestone } from './texts';

export const FEED_WINDOW = { pastDays: 30, futureDays: 180 } as const;
/** Events in one feed at most (calendar clients slow down past a few thousand). */
export const MAX_FEED_EVENTS = 1000;
const DAY_MS = 86_400_000;
/** The domain part of the UIDs: fixed, so a UID does not change with the address the feed is fetched on. */
const UID_DOMAIN = 'container-tracking-portal';

/** The change-history fields behind each milestone's date. */
const HISTORY_FIELDS: Record<FeedMilestone, string[]> = {
  pod: ['eta', 'ata'],
  delivery: ['delivery_actual', 'delivery_planned_last', 'delivery_planned_initial'],
};

/**
 * The date of each milestone, written exactly as the expression indexes of migrations/0029 (company_id, date),
 * so a company's window is an index range rather than a scan of all its shipments.
 */
const POD_AT = sql`coalesce(shipments.ata, shipments.eta)`;
const DELIVERY_AT = sql`coalesce(shipments.delivery_actual, shipments.delivery_planned_last, shipments.delivery_planned_initial)`;

interface EventRow {
  id: string;
  milestone: FeedMilestone;
  at: Date;
  actual: boolean;
  container_number: string;
  booking_number: string | null;
  bl_number: string | null;
  client_code: string;
  created_at: Date;
  carrier: string | null;
  pol: string | null;
  pod: string | null;
  place: string | null;
  place_tz: string | null;
  changes: number;
  last_change: Date | null;
}

/** The list's conditions for the feed's scope; null when a saved filter can no longer be read. */
async function scopeConditions(db: Kysely<Database>, feed: ActiveFeed, now: Date) {
  let query: Record<string, unknown> = {};
  if (feed.scope === 'project') query = { project: String(feed.project_id) };
  if (feed.scope === 'template') {
    const template = await db
      .selectFrom('export_templates')
      .select('filters')
      .where('id', '=', feed.template_id)
      .where('user_id', '=', feed.user_id)
      .executeTakeFirst();
    if (!template) return null;
    query = template.filters;
  }
  let filters;
  try {
    filters = parseShipmentFilters(query, now);
  } catch (error) {
    // A template saved under older rules: its feed shows nothing rather than failing on every poll.
    if (error instanceof ApiError && error.statusCode === 400) return null;
    throw error;
  }
  await resolveSearch(db, filters);
  const thresholds = await loadThresholds(db, feed.user_id);
  return shipmentConditions(filters, thresholds, now, feed.company_id);
}

/** The events of the feed, oldest first. */
export async function feedEvents(
  db: Kysely<Database>,
  feed: ActiveFeed,
  now: Date,
  maxEvents = MAX_FEED_EVENTS,
): Promise<EventRow[]> {
  const conditions = await scopeConditions(db, feed, now);
  if (!conditions) return [];
  const where = sql.join([sql`shipments.company_id = ${feed.company_id}`, ...conditions], sql` AND `);
  const from = new Date(now.getTime() - FEED_WINDOW.pastDays * DAY_MS);
  const to = new Date(now.getTime() + FEED_WINDOW.futureDays * DAY_MS);
  const { rows } = await sql<EventRow>`
    WITH e AS (
      SELECT shipments.id, 'pod'::text AS milestone, ${POD_AT} AS at,
             shipments.ata IS NOT NULL AS actual, shipments.pod_loc_id AS loc_id
        FROM shipments WHERE ${where} AND ${POD_AT} >= ${from} AND ${POD_AT} < ${to}
      UNION ALL
      SELECT shipments.id, 'delivery'::text, ${DELIVERY_AT},
             shipments.delivery_actual IS NOT NULL, shipments.dlv_loc_id
        FROM shipments WHERE ${where} AND ${DELIVERY_AT} >= ${from} AND ${DELIVERY_AT} < ${to}
    ), picked AS (
      SELECT * FROM e
       ORDER BY abs(extract(epoch FROM e.at - ${now}::timestamptz)), e.id, e.milestone
       LIMIT ${maxEvents}
    )
    SELECT p.id::text AS id, p.milestone, p.at, p.actual, s.container_number, s.booking_number, s.bl_number,
           s.client_code, s.created_at, c.short_name AS carrier,
           coalesce(nullif(pol.locode, ''), pol.name) AS pol, coalesce(nullif(pod.locode, ''), pod.name) AS pod,
           CASE WHEN l.id IS NULL THEN NULL
                WHEN coalesce(l.locode, '') = '' THEN l.name
                ELSE l.name || ' (' || l.locode || ')' END AS place,
           l.timezone AS place_tz, h.n AS changes, h.last AS last_change
      FROM picked p
      JOIN shipments s ON s.id = p.id
      LEFT JOIN carriers c ON c.id = s.carrier_id
      LEFT JOIN locations pol ON pol.id = s.pol_loc_id
      LEFT JOIN locations pod ON pod.id = s.pod_loc_id
      LEFT JOIN locations l ON l.id = p.loc_id
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS n, max(m.changed_at) AS last FROM milestone_date_changes m
         WHERE m.shipment_id = p.id
           AND m.field = ANY(CASE WHEN p.milestone = 'pod' THEN ${HISTORY_FIELDS.pod}::text[]
                                  ELSE ${HISTORY_FIELDS.delivery}::text[] END)
      ) h ON true
     ORDER BY p.at, p.id, p.milestone`.execute(db);
  return rows;
}

/** The calendar day of `at` when it is midnight at `timeZone` (or in UTC), as a UTC midnight; else null. */
function dayOnly(at: Date, timeZone: string | null): Date | null {
  const utcMidnight = at.getTime() % DAY_MS === 0;
  if (timeZone) {
    try {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(at)
          .map((p) => [p.type, p.value]),
      );
      if (parts.hour === '00' && parts.minute === '00' && parts.second === '00' && at.getMilliseconds() === 0)
        return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
    } catch {
      // an unknown time zone name: read the time in UTC
    }
  }
  return utcMidnight ? at : null;
}

/** The feed as iCalendar text. `origin` is the portal's public address (links to the shipments). */
export function feedText(feed: ActiveFeed, events: EventRow[], origin: string): string {
  const t = FEED_TEXTS[feed.lang];
  const calendar = ical({
    name: t.calendarName(feed.name),
    description: t.calendarDescription,
    prodId: { company: 'Container Tracking Portal', product: 'Arrivals', language: feed.lang.toUpperCase() },
    // clients that honour it (Outlook, Apple) poll hourly; Google keeps its own pace
    ttl: 3600,
  });
  for (const e of events) {
    const at = new Date(e.at);
    const day = dayOnly(at, e.place_tz);
    const link = `${origin}/shipments/${e.id}`;
    const lastModified = new Date(
      Math.max(new Date(e.created_at).getTime(), e.last_change ? new Date(e.last_change).getTime() : 0),
    );
    const lines = [
      e.carrier && `${t.carrier}: ${e.carrier}`,
      e.booking_number && `${t.booking}: ${e.booking_number}`,
      e.bl_number && `${t.bl}: ${e.bl_number}`,
      e.client_code && `${t.clientCode}: ${e.client_code}`,
      (e.pol || e.pod) && `${t.route}: ${e.pol ?? '?'} → ${e.pod ?? '?'}`,
      `${t.open}: ${link}`,
    ].filter(Boolean);
    calendar.createEvent({
      id: `shipment-${e.id}-${e.milestone}-feed-${feed.id}@${UID_DOMAIN}`,
      start: day ?? at,
      end: day ? new Date(day.getTime() + DAY_MS) : new Date(at.getTime() + 3_600_000),
      allDay: day !== null,
      summary: t.summary(e.milestone, e.actual, e.container_number, e.place),
      description: lines.join('\n'),
      location: e.place,
      url: link,
      sequence: e.changes,
      stamp: lastModified,
      lastModified,
      // an arrival does not make the user busy
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}
