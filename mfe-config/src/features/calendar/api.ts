// The calendar-feed calls (the user's own feeds) and the saved filters a feed can follow (the user's export
// templates). Types from the API's contract (its OpenAPI document).
import { api, type ApiAnswer, type ApiBody } from '@portal/shared-api';

/** A feed as GET calendar-feeds lists it (never its secret). */
export type CalendarFeed = ApiAnswer<'/api/calendar-feeds/'>[number];
export type CalendarFeedScope = CalendarFeed['scope'];
export type CalendarFeedLang = CalendarFeed['lang'];
/** The answer of the create call: the feed and, this once, its URL. */
export type CreatedCalendarFeed = ApiAnswer<'/api/calendar-feeds/', 'post'>;
export type SavedFilter = ApiAnswer<'/api/export-templates/'>[number];

export const calendarApi = {
  feeds: () => api.get<CalendarFeed[]>('calendar-feeds'),
  create: (body: ApiBody<'/api/calendar-feeds/'>) => api.post<CreatedCalendarFeed>('calendar-feeds', body),
  revoke: (id: number) => api.delete<null>(`calendar-feeds/${id}`),
  savedFilters: () => api.get<SavedFilter[]>('export-templates'),
};
