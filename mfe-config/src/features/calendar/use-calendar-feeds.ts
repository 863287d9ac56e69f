// The calendar feeds card's data: the user's feeds (a failed load shows the empty list and says why), the
// projects and saved filters a feed can follow, and the revoke of a feed after its confirmation.
import { useState } from 'react';
import { referenceQueries, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { notifySuccess } from '@portal/shared-ui';
import { notifyFailure, useFailureNotice } from '../../lib/notices';
import { calendarApi, type CalendarFeed } from './api';

const FEEDS_KEY = ['config', 'calendar-feeds'] as const;
const SAVED_FILTERS_KEY = ['config', 'calendar-saved-filters'] as const;

export function useReloadFeeds() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: FEEDS_KEY });
}

/** null while asked for. */
export function useCalendarFeeds(): CalendarFeed[] | null {
  const feedsQuery = useQuery({ queryKey: FEEDS_KEY, queryFn: calendarApi.feeds });
  useFailureNotice(feedsQuery.error);
  return feedsQuery.data ?? (feedsQuery.error ? [] : null);
}

export function useFeedTargets() {
  const projects = useQuery(referenceQueries.projects()).data ?? [];
  // saved filters are optional: without any (or without access to them) the choice is not offered
  const savedFilters =
    useQuery({ queryKey: SAVED_FILTERS_KEY, queryFn: calendarApi.savedFilters, retry: false }).data ?? [];
  return { projects, savedFilters };
}

/** The feed waiting for the user's confirmation of its revoke. */
export function useFeedRevoke(notice: string) {
  const reload = useReloadFeeds();
  const [revoking, setRevoking] = useState<CalendarFeed | null>(null);
  const revoke = async () => {
    if (!revoking) return;
    try {
      await calendarApi.revoke(revoking.id);
      notifySuccess(notice);
      setRevoking(null);
      await reload();
    } catch (error) {
      notifyFailure(error);
    }
  };
  return { revoking, setRevoking, revoke };
}
