// The timeline's events grouped by date and time (YYYY-MM-DD HH:mm), in time order.
import { formatTimestamp } from '../../lib/format';

export interface TimelineEvent {
  id: number;
  code: number | null;
  code_description: string;
  code_description_es?: string;
  classifier?: string;
  walltime: string;
  locode?: string | null;
  location?: string | null;
  details?: { message?: string };
  hidden?: boolean;
}

export interface TimelineGroup {
  when: string;
  events: TimelineEvent[];
}

export function groupTimeline(events: readonly TimelineEvent[]): TimelineGroup[] {
  const sorted = [...events].sort((a, b) => Date.parse(a.walltime) - Date.parse(b.walltime) || a.id - b.id);
  const groups: TimelineGroup[] = [];
  for (const event of sorted) {
    const when = formatTimestamp(event.walltime);
    const last = groups[groups.length - 1];
    if (last && last.when === when) last.events.push(event);
    else groups.push({ when, events: [event] });
  }
  return groups;
}
