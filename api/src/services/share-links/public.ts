// What a tracking link shows its visitor (the forwarder's customer): the container, the carrier, the ports and
// the planned route between them, the milestones with their dates, the ETA at POD, the status in the visitor's
// language and the forwarder's name. Built field by field from an allow-list of columns, never from the portal's
// shipment answer, so nothing internal (client code, project, alerts, custom form, prices, ids, user names) can
// slip in when that answer grows.
import { sql, type Kysely } from 'kysely';
import { SHIPMENT_STATUS_LABELS, type ShipmentStatusText } from '@portal/shared-api/domain';
import type { Database } from '../../db/types';
import type { Lang } from '../../i18n';
import { isoOrNull as iso } from '../../lib/dates';
import { plannedRoute } from '../planned-route';
import { SHARE_TEXTS, type PublicMilestone } from './texts';

const PORTS = ['pol', 'tsp1', 'tsp2', 'tsp3', 'tsp4', 'pod'] as const;
type PortKey = (typeof PORTS)[number];

/** The customer's milestones in sailing order, each at its port (transshipments only when there is one). */
const MILESTONE_PORTS: readonly [PublicMilestone, PortKey | null][] = [
  ['empty_pickup', null],
  ['pol_arrival', 'pol'],
  ['pol_loaded', 'pol'],
  ['pol_vessel_departure', 'pol'],
  ['tsp1_vessel_arrival', 'tsp1'],
  ['tsp1_vessel_departure', 'tsp1'],
  ['tsp2_vessel_arrival', 'tsp2'],
  ['tsp2_vessel_departure', 'tsp2'],
  ['tsp3_vessel_arrival', 'tsp3'],
  ['tsp3_vessel_departure', 'tsp3'],
  ['tsp4_vessel_arrival', 'tsp4'],
  ['tsp4_vessel_departure', 'tsp4'],
  ['pod_vessel_arrival', 'pod'],
  ['pod_discharge', 'pod'],
  ['pod_departure', 'pod'],
  ['delivery', null],
  ['empty_return', null],
];

async function loadShipment(db: Kysely<Database>, shipmentId: string, companyId: number) {
  const row = await db
    .selectFrom('shipments as s')
    .innerJoin('companies as co', 'co.id', 's.company_id')
    .innerJoin('carriers as c', 'c.id', 's.carrier_id')
    .leftJoin('locations as pol', 'pol.id', 's.pol_loc_id')
    .leftJoin('locations as tsp1', 'tsp1.id', 's.tsp1_loc_id')
    .leftJoin('locations as tsp2', 'tsp2.id', 's.tsp2_loc_id')
    .leftJoin('locations as tsp3', 'tsp3.id', 's.tsp3_loc_id')
    .leftJoin('locations as tsp4', 'tsp4.id', 's.tsp4_loc_id')
    .leftJoin('locations as pod', 'pod.id', 's.pod_loc_id')
    .select([
      's.container_number',
      's.status_text',
      's.eta',
      's.ata',
      'co.name as company_name',
      'c.short_name as carrier_name',
      'c.scac as carrier_scac',
    ])
    .select(
      MILESTONE_PORTS.flatMap(([m]) =>
        (['actual', 'prediction', 'planned_last', 'planned_initial'] as const).map((r) =>
          sql.ref(`s.${m}_${r}`).as(`${m}_${r}`),
        ),
      ),
    )
    .select(
      PORTS.flatMap((p) =>
        (['name', 'locode', 'latitude', 'longitude'] as const).map((c) =>
          sql.ref(`${p}.${c}`).as(`${p}_${c}`),
        ),
      ),
    )
    .where('s.id', '=', shipmentId)
    .where('s.company_id', '=', companyId)
    .executeTakeFirst();
  return row as Record<string, unknown> | undefined;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const date = (v: unknown) => iso(v as Date | null);

/** The public answer of a live link, in `lang`; undefined when the shipment is gone. */
export async function publicTracking(
  db: Kysely<Database>,
  shipmentId: string,
  companyId: number,
  lang: Lang,
) {
  const row = await loadShipment(db, shipmentId, companyId);
  if (!row) return undefined;
  const texts = SHARE_TEXTS[lang];
  const port = (p: PortKey) =>
    row[`${p}_name`] ? { name: String(row[`${p}_name`]), locode: text(row[`${p}_locode`]) } : null;
  const milestones = MILESTONE_PORTS.filter(([, p]) => p === null || port(p) !== null).flatMap(([m, p]) => {
    const actual = date(row[`${m}_actual`]);
    const estimated = date(row[`${m}_prediction`] ?? row[`${m}_planned_last`] ?? row[`${m}_planned_initial`]);
    if (!actual && !estimated) return [];
    return [
      {
        milestone: m,
        label: texts.milestones[m],
        place: p ? port(p) : null,
        date: (actual ?? estimated)!,
        actual: actual !== null,
      },
    ];
  });
  const status =
    (row.status_text as ShipmentStatusText) in SHIPMENT_STATUS_LABELS ? row.status_text : 'unknown';
  const located = PORTS.map((p) => ({ latitude: row[`${p}_latitude`], longitude: row[`${p}_longitude`] }));
  return {
    forwarder: String(row.company_name),
    containers: [String(row.container_number)],
    carrier: { name: String(row.carrier_name), scac: String(row.carrier_scac) },
    pol: port('pol'),
    pod: port('pod'),
    transshipments: (['tsp1', 'tsp2', 'tsp3', 'tsp4'] as const).map(port).filter((p) => p !== null),
    route: plannedRoute(located as Parameters<typeof plannedRoute>[0]),
    status: status as ShipmentStatusText,
    status_label: SHIPMENT_STATUS_LABELS[status as ShipmentStatusText][lang],
    eta: date(row.ata ?? row.eta),
    arrived: row.ata !== null && row.ata !== undefined,
    milestones,
    lang,
  };
}
