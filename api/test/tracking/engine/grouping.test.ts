// Which events feed which shipment (pure): c_id → that container; booking / B/L → one per
// container named in equipment events, limited by the container filter; shared events everywhere.
import { groupByContainer } from '../../../src/tracking/engine/grouping';

type Ev = {
  id: string;
  event_type: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT';
  equipment_reference: string | null;
};
const eq = (id: string, container: string): Ev => ({
  id,
  event_type: 'EQUIPMENT',
  equipment_reference: container,
});
const tr = (id: string): Ev => ({ id, event_type: 'TRANSPORT', equipment_reference: null });
const sh = (id: string): Ev => ({ id, event_type: 'SHIPMENT', equipment_reference: null });

const ids = (groups: Array<{ containerNumber: string; events: Ev[] }>) =>
  groups.map((g) => [g.containerNumber, g.events.map((e) => e.id).sort()]);

test('a booking yields one shipment per container, each with the shared events', () => {
  const events = [eq('1', 'MSKU0000002'), eq('2', 'MSKU0000001'), tr('3'), sh('4'), eq('5', 'MSKU0000002')];
  expect(
    ids(groupByContainer({ code_type: 'b_id', code_value: 'BK1', container_filter: [] }, events)),
  ).toEqual([
    ['MSKU0000001', ['2', '3', '4']],
    ['MSKU0000002', ['1', '3', '4', '5']],
  ]);
});

test('the container filter keeps only its containers (any case, hyphen allowed)', () => {
  const events = [eq('1', 'MSKU0000002'), eq('2', 'MSKU0000001'), tr('3')];
  expect(
    ids(
      groupByContainer({ code_type: 'm_bl', code_value: 'BL1', container_filter: ['msku000000-1'] }, events),
    ),
  ).toEqual([['MSKU0000001', ['2', '3']]]);
});

test('no container named yet: no shipment for a booking, but one for a container number', () => {
  const events = [tr('1'), sh('2')];
  expect(groupByContainer({ code_type: 'b_id', code_value: 'BK1', container_filter: [] }, events)).toEqual(
    [],
  );
  expect(
    ids(groupByContainer({ code_type: 'c_id', code_value: 'MSKU0000001', container_filter: [] }, events)),
  ).toEqual([['MSKU0000001', ['1', '2']]]);
});

test('a container request ignores other containers and has no shipment without any event', () => {
  const events = [eq('1', 'MSKU0000001'), eq('2', 'MSKU0000002'), tr('3')];
  expect(
    ids(groupByContainer({ code_type: 'c_id', code_value: 'MSKU0000001', container_filter: [] }, events)),
  ).toEqual([['MSKU0000001', ['1', '3']]]);
  expect(
    groupByContainer({ code_type: 'c_id', code_value: 'MSKU0000001', container_filter: [] }, []),
  ).toEqual([]);
});
