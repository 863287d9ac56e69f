import type { AlertEvent } from '@portal/shared-api';
import { withHidden } from './use-alert-events';

const event = (id: number, hidden: boolean) => ({ id, hidden }) as AlertEvent;

describe('withHidden', () => {
  const events = [event(1, false), event(2, true), event(3, false)];

  it('sets the flag on the events named only', () => {
    expect(withHidden(events, [1, 2], true).map((e) => e.hidden)).toEqual([true, true, false]);
    expect(withHidden(events, [2], false).map((e) => e.hidden)).toEqual([false, false, false]);
  });

  it("sets it on every event for 'all', leaving the list given as it was", () => {
    expect(withHidden(events, 'all', true).map((e) => e.hidden)).toEqual([true, true, true]);
    expect(events.map((e) => e.hidden)).toEqual([false, true, false]);
  });
});
