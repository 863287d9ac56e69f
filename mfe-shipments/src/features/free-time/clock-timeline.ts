// Where the marks of a free-time clock sit on its small timeline: start, last free day, stop (or today while it
// runs), as percentages of the span from the first to the last of them. Pure, so it is tested apart.
import type { FreeTimeClockView } from '@portal/shared-api/domain';

interface TimelineMark {
  kind: 'start' | 'lfd' | 'stop' | 'today';
  date: string;
  /** 0..100 from the left. */
  at: number;
}

export interface ClockTimelineModel {
  marks: TimelineMark[];
  /** The free part (start to last free day) and the part over it (last free day to stop / today), 0..100. */
  free: { from: number; to: number } | null;
  over: { from: number; to: number } | null;
}

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The model of `clock` as of `today` ('YYYY-MM-DD'); no marks without a last free day. */
export function clockTimeline(clock: FreeTimeClockView, today: string): ClockTimelineModel {
  if (!clock.lfd) return { marks: [], free: null, over: null };
  const start = clock.started_on;
  const end = clock.stopped_on ?? (clock.state === 'not_started' ? clock.estimated_stop : today);
  const dates = [start, clock.lfd, end].filter((d): d is string => Boolean(d));
  const first = Math.min(...dates.map(dayMs));
  const last = Math.max(...dates.map(dayMs));
  const span = last - first;
  const at = (date: string) => (span === 0 ? 50 : Math.round(((dayMs(date) - first) / span) * 1000) / 10);
  const marks: TimelineMark[] = [];
  if (start) marks.push({ kind: 'start', date: start, at: at(start) });
  marks.push({ kind: 'lfd', date: clock.lfd, at: at(clock.lfd) });
  if (end)
    marks.push({
      kind: clock.stopped_on || clock.state === 'not_started' ? 'stop' : 'today',
      date: end,
      at: at(end),
    });
  const lfdAt = at(clock.lfd);
  const free = start ? { from: at(start), to: Math.min(lfdAt, end ? at(end) : lfdAt) } : null;
  const over = end && dayMs(end) > dayMs(clock.lfd) ? { from: lfdAt, to: at(end) } : null;
  return { marks, free, over };
}
