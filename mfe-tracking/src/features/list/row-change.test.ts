import type { TrackingRequestRecord } from '@portal/shared-api';
import { withRowChange } from './row-change';

const row = (id: number, client_code: string) => ({ id, client_code }) as TrackingRequestRecord;

describe('withRowChange', () => {
  const shown = { page: 2, answer: { count: 2, results: [row(1, 'A'), row(2, 'B')] } };

  it('changes only the row with the id, keeping the page around it', () => {
    const next = withRowChange(shown, 2, { client_code: 'C' });
    expect(next.page).toBe(2);
    expect(next.answer.count).toBe(2);
    expect(next.answer.results.map((r) => r.client_code)).toEqual(['A', 'C']);
    expect(next.answer.results[0]).toBe(shown.answer.results[0]);
  });

  it('leaves the rows as they are when none has the id', () => {
    const next = withRowChange(shown, 9, { client_code: 'C' });
    expect(next.answer.results).toEqual(shown.answer.results);
    expect(shown.answer.results[1].client_code).toBe('B');
  });
});
