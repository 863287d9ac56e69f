import type { TFunction } from 'i18next';
import { freeTimeText, portLabel } from './info-texts';

const t = ((key: string, options?: Record<string, unknown>) =>
  `${key} ${JSON.stringify(options)}`) as TFunction;

describe('the info window texts', () => {
  it('writes a port with its LOCODE when it has one', () => {
    expect(portLabel({ name: 'Valencia', locode: 'ESVLC' })).toBe('Valencia (ESVLC)');
    expect(portLabel({ name: 'Valencia', locode: null })).toBe('Valencia');
    expect(portLabel(null)).toBe('');
  });

  it('says the days left, over or today, with the last free day', () => {
    const clock = (days_left: number | null, lfd: string | null) => ({ days_left, lfd }) as never;
    expect(freeTimeText(t, clock(3, null), '-')).toBe('info.freeTime.left {"count":3,"lfd":"-"}');
    expect(freeTimeText(t, clock(-2, null), '-')).toBe('info.freeTime.over {"count":2,"lfd":"-"}');
    expect(freeTimeText(t, clock(0, null), '-')).toBe('info.freeTime.today {"lfd":"-"}');
    expect(freeTimeText(t, clock(null, null), '-')).toBe('info.freeTime.today {"lfd":"-"}');
  });
});
