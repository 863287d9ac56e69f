import { DEFAULT_COLUMNS, orderedColumnKeys } from './columns';

describe('the shipment table columns', () => {
  const visible = ['id', ...DEFAULT_COLUMNS];

  it('keep their usual order on a wide screen', () => {
    // the order given (the id, then the chosen columns) is the order shown
    expect(orderedColumnKeys(visible)).toEqual(visible);
  });

  it('at 620 px start with the key columns, the container first instead of the id', () => {
    expect(orderedColumnKeys(visible, true)).toEqual([
      'container_number',
      'health',
      'eta',
      'status',
      'pod_loc',
      'client_code',
      'carrier',
      'pol_loc',
      'last_alert_code',
    ]);
  });

  it('keep the id at 620 px when the container column is not shown', () => {
    expect(orderedColumnKeys(['id', 'eta', 'carrier'], true)).toEqual(['eta', 'id', 'carrier']);
  });
});
