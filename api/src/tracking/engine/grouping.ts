// Which events feed which shipment. A container-number request (c_id) has one shipment: that
// container. A booking or B/L request has one shipment per container the carrier mentions in an
// equipment event (equipmentReference), limited to the request's container_filter when it has
// one. Each container's derivation gets its own equipment events plus all the request's
// transport and shipment events (they concern the whole booking: vessel calls, documents).
import type { CodeType } from '../dcsa/types';

export interface GroupableEvent {
  event_type: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT';
  equipment_reference: string | null;
}

export interface GroupingRequest {
  code_type: CodeType;
  code_value: string;
  container_filter: string[];
}

export interface ContainerGroup<E> {
  containerNumber: string;
  events: E[];
}

/** Normalises a container number for comparison (upper case, no spaces or hyphen). */
export const normaliseContainer = (value: string): string => value.toUpperCase().replace(/[\s-]/g, '');

/**
 * Groups a request's events per container, in a stable order (by container number). A c_id
 * request yields its shipment as soon as the carrier has said anything about it (even only the
 * planned vessel calls); a booking / B/L container appears with its first equipment event.
 */
export function groupByContainer<E extends GroupableEvent>(
  request: GroupingRequest,
  events: E[],
): Array<ContainerGroup<E>> {
  const shared = events.filter((e) => e.event_type !== 'EQUIPMENT');
  const byContainer = new Map<string, E[]>();
  for (const e of events) {
    if (e.event_type !== 'EQUIPMENT' || !e.equipment_reference) continue;
    const key = normaliseContainer(e.equipment_reference);
    const list = byContainer.get(key);
    if (list) list.push(e);
    else byContainer.set(key, [e]);
  }

  if (request.code_type === 'c_id') {
    const container = normaliseContainer(request.code_value);
    const own = byContainer.get(container) ?? [];
    if (!own.length && !shared.length) return [];
    return [{ containerNumber: container, events: [...own, ...shared] }];
  }

  const filter = new Set(request.container_filter.map(normaliseContainer));
  return [...byContainer.keys()]
    .filter((c) => filter.size === 0 || filter.has(c))
    .sort()
    .map((containerNumber) => ({
      containerNumber,
      events: [...(byContainer.get(containerNumber) ?? []), ...shared],
    }));
}
