// The details call of the info window and of the list (container, carrier, status, ports, dates, health), asked
// again when the ids change and aborted when they change before it answers.
import { useEffect, useState } from 'react';
import { mapApi, type PointDetail } from '../../lib/map-api';

/** The ids of a details call as one key ("11,12"): an effect asks again only when they change. */
export const detailsKey = (ids: number[]) => ids.join(',');

const readDetails = (key: string, signal: AbortSignal) => mapApi.details(key.split(',').map(Number), signal);

/** The info window's details: null while they are read (again for new ids), [] for no ids. */
export function useInfoDetails(key: string): { details: PointDetail[] | null; failed: boolean } {
  const [details, setDetails] = useState<PointDetail[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setDetails(null);
    setFailed(false);
    if (key === '') {
      setDetails([]);
      return;
    }
    readDetails(key, controller.signal)
      .then(setDetails)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [key]);
  return { details, failed };
}

/**
 * The list's details by id, only those read for `key`: those of other ids are never given (a render between a
 * new view and its read would otherwise list bare ids); null while they are read.
 */
export function useListDetails(key: string): { details: Map<number, PointDetail> | null; failed: boolean } {
  const [read, setRead] = useState<{ key: string; details: Map<number, PointDetail> } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    if (key === '') {
      setRead({ key, details: new Map() });
      return;
    }
    readDetails(key, controller.signal)
      .then((list) => setRead({ key, details: new Map(list.map((d) => [d.id, d])) }))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [key]);
  return { details: read && read.key === key ? read.details : null, failed };
}
