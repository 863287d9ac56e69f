import type { Shipment } from '@portal/shared-api';
import { withHidden } from './use-request-shipments';

const shipment = (id: number, hide: boolean) => ({ id, hide }) as Shipment;

describe('withHidden', () => {
  it('changes the hidden flag of one shipment only, keeping the counts', () => {
    const shown = { rows: [shipment(1, false), shipment(2, false)], count: 2, hiddenCount: 0 };
    const next = withHidden(shown, 2, true);
    expect(next.rows.map((row) => row.hide)).toEqual([false, true]);
    expect(next.rows[0]).toBe(shown.rows[0]);
    expect(next.count).toBe(2);
    expect(shown.rows[1].hide).toBe(false);
  });
});
