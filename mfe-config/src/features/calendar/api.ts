// The calendar-feed calls (the user's own feeds) and the saved filters a feed can follow (the user's export
// templates). Types from the API's contract (its OpenAPI document).
import { type ApiAnswer, type ApiBody } from '@portal/shared-api';
import { client } from '@portal/shared-api/client';

/** A feed as GET calendar-feeds lists it (never its secret). */
export type CalendarFeed = ApiAnswer<'/api/calendar-feeds/'>[number];
export type CalendarFeedScope = CalendarFeed['scope'];
export type CalendarFeedLang = CalendarFeed['lang'];
/** The answer of the create call: the feed and, this once, its URL. */
export type CreatedCalendarFeed = ApiAnswer<'/api/calendar-feeds/', 'post'>;
export type SavedFilter = ApiAnswer<'/api/export-templates/'>[number];

export const calendarApi = {
  feeds: (): Promise<CalendarFeed[]> => client.get('/api/calendar-feeds/'),
  create: (body: ApiBody<'/api/calendar-feeds/'>): Promise<CreatedCalendarFeed> =>
    client.post('/api/calendar-feeds/', { json: body }),
  revoke: (id: number) => client.delete('/api/calendar-feeds/{id}/', { params: { id } }),
  savedFilters: (): Promise<SavedFilter[]> => client.get('/api/export-templates/'),
};
