import { groupTimeline, milestonesOf, type TimelineEvent } from './timeline';

let nextId = 1;
const ev = (code: number | null, classifier: string | undefined, walltime: string, locode = 'ESVLC') =>
  ({
    id: nextId++,
    code,
    code_description: `event ${code}`,
    classifier,
    walltime,
    locode,
  }) as TimelineEvent;

describe('the timeline as milestones', () => {
  it("shows an event's planned, estimated and actual copies together, at the actual time", () => {
    const plan = ev(6, 'PLN', '2026-03-01T08:00:00Z');
    const est1 = ev(6, 'EST', '2026-03-02T08:00:00Z');
    const est2 = ev(6, 'EST', '2026-03-03T08:00:00Z');
    const act = ev(6, 'ACT', '2026-03-03T10:30:00Z');
    const elsewhere = ev(6, 'PLN', '2026-03-20T08:00:00Z', 'CNSHA');
    const milestones = milestonesOf([act, est2, plan, elsewhere, est1]);
    expect(milestones).toHaveLength(2);
    const [valencia, shanghai] = milestones;
    expect(valencia.copies).toEqual({ PLN: plan, EST: est2, ACT: act });
    expect(valencia.estimates).toBe(2);
    expect(valencia.event).toBe(act);
    expect(valencia.walltime).toBe(act.walltime);
    expect(shanghai.copies).toEqual({ PLN: elsewhere });
    expect(shanghai.walltime).toBe(elsewhere.walltime);
  });

  it('keeps a second actual copy at the same place apart, and events without a classifier on their own', () => {
    const first = ev(5, 'ACT', '2026-03-01T08:00:00Z');
    const again = ev(5, 'ACT', '2026-03-09T08:00:00Z');
    const alert = ev(906, undefined, '2026-03-05T00:00:00Z');
    const milestones = milestonesOf([first, again, alert]);
    expect(milestones.map((m) => m.event)).toEqual([first, again, alert]);
  });

  it('is newest first by default, oldest first on request, grouped by date and time', () => {
    const a = ev(0, 'ACT', '2026-03-01T08:00:00Z');
    const b = ev(5, 'ACT', '2026-03-01T08:00:00Z', 'ESBCN');
    const c = ev(6, 'ACT', '2026-03-04T12:00:00Z');
    const planned = ev(9, 'PLN', '2026-04-01T12:00:00Z', 'CNSHA');
    const newest = groupTimeline([a, b, c, planned]);
    expect(newest.map((g) => g.milestones.map((m) => m.event.id))).toEqual([
      [planned.id],
      [c.id],
      [b.id, a.id],
    ]);
    const oldest = groupTimeline([a, b, c, planned], 'oldest');
    expect(oldest.map((g) => g.milestones.map((m) => m.event.id))).toEqual([
      [a.id, b.id],
      [c.id],
      [planned.id],
    ]);
    expect(newest[0].when).toMatch(/^2026-04-01 \d\d:\d\d$/);
  });

  it('is hidden only when every copy is hidden', () => {
    const plan = { ...ev(20, 'PLN', '2026-03-01T08:00:00Z'), hidden: true };
    const act = ev(20, 'ACT', '2026-03-02T08:00:00Z');
    expect(milestonesOf([plan, act])[0].hidden).toBe(false);
    expect(milestonesOf([plan])[0].hidden).toBe(true);
  });

  it('turns a 45-entry history of one shipment into one entry per milestone', () => {
    const events: TimelineEvent[] = [];
    const ports = ['CNSHA', 'SGSIN', 'LKCMB', 'EGPSD', 'ESVLC'];
    for (const port of ports) {
      for (const code of [5, 6, 9]) {
        events.push(ev(code, 'PLN', '2026-03-01T08:00:00Z', port));
        events.push(ev(code, 'EST', '2026-03-02T08:00:00Z', port));
        events.push(ev(code, 'ACT', '2026-03-03T08:00:00Z', port));
      }
    }
    expect(events).toHaveLength(45);
    expect(milestonesOf(events)).toHaveLength(15);
  });
});
