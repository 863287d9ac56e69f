// The timeline's events as milestones: the planned, estimated and actual copies of one event (same code at the
// same place) shown together, grouped by the date and time (YYYY-MM-DD HH:mm) that counts for the milestone (the
// actual one, else the latest estimate, else the latest plan), newest first unless asked otherwise.
import type { ShipmentEvent } from '@portal/shared-api';
import { formatTimestamp } from '../../lib/format';

/** A carrier event of the shipment's timeline, as GET shipments/{id}/ sends it. */
export type TimelineEvent = ShipmentEvent;

/** The classifiers of DCSA events: planned, estimated, actual. */
export const CLASSIFIERS = ['PLN', 'EST', 'ACT'] as const;
type Classifier = (typeof CLASSIFIERS)[number];

export interface TimelineMilestone {
  /** The event whose text, place and icon are shown (the actual one when known). */
  event: TimelineEvent;
  /** The milestone's time: actual, else the latest estimate, else the latest plan. */
  walltime: string;
  /** The latest copy of each classifier (by arrival order); absent when the carrier sent none. */
  copies: Partial<Record<Classifier, TimelineEvent>>;
  /** How many estimates were received (revisions of the estimated time). */
  estimates: number;
  /** Every copy is hidden. */
  hidden: boolean;
}

export interface TimelineGroup {
  when: string;
  milestones: TimelineMilestone[];
}

export type TimelineOrder = 'newest' | 'oldest';

const isClassifier = (value: string | undefined): value is Classifier =>
  (CLASSIFIERS as readonly string[]).includes(value ?? '');

const time = (walltime: string) => {
  const ms = Date.parse(walltime);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * One milestone per event code and place. Planned and estimated copies join it; a second actual copy of the
 * same code at the same place (a container loaded twice at one port) is a milestone of its own, with the plans.
 */
export function milestonesOf(events: readonly TimelineEvent[]): TimelineMilestone[] {
  const byArrival = [...events].sort((a, b) => a.id - b.id);
  const open = new Map<string, TimelineMilestone>();
  const all: TimelineMilestone[] = [];
  for (const event of byArrival) {
    const classifier = isClassifier(event.classifier) ? event.classifier : null;
    if (classifier === null || event.code === null) {
      // not a plan/estimate/actual event (an alert, a note): on its own
      all.push({ event, walltime: event.walltime, copies: {}, estimates: 0, hidden: Boolean(event.hidden) });
      continue;
    }
    const key = `${event.code}|${event.locode ?? event.location ?? ''}`;
    let milestone = open.get(key);
    if (!milestone || (classifier === 'ACT' && milestone.copies.ACT)) {
      milestone = { event, walltime: event.walltime, copies: {}, estimates: 0, hidden: true };
      open.set(key, milestone);
      all.push(milestone);
    }
    milestone.copies[classifier] = event;
    if (classifier === 'EST') milestone.estimates += 1;
  }
  for (const milestone of all) {
    const { PLN, EST, ACT } = milestone.copies;
    const shown = ACT ?? EST ?? PLN;
    if (!shown) continue;
    milestone.event = shown;
    milestone.walltime = shown.walltime;
    milestone.hidden = [PLN, EST, ACT].every((copy) => !copy || copy.hidden);
  }
  return all;
}

/** The milestones grouped by their date and time, newest first (or oldest first). */
export function groupTimeline(
  events: readonly TimelineEvent[],
  order: TimelineOrder = 'newest',
): TimelineGroup[] {
  const sign = order === 'newest' ? -1 : 1;
  const sorted = milestonesOf(events).sort(
    (a, b) => sign * (time(a.walltime) - time(b.walltime)) || sign * (a.event.id - b.event.id),
  );
  const groups: TimelineGroup[] = [];
  for (const milestone of sorted) {
    const when = formatTimestamp(milestone.walltime);
    const last = groups[groups.length - 1];
    if (last && last.when === when) last.milestones.push(milestone);
    else groups.push({ when, milestones: [milestone] });
  }
  return groups;
}
