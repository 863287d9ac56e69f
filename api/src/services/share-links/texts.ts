// The words of a tracking link's public answer, in the visitor's language: the milestone names and the plain
// answer of an unknown, expired or revoked link (one text for the three, so nobody learns which it is).
import type { Lang } from '../../i18n';

export type PublicMilestone =
  | 'empty_pickup'
  | 'pol_arrival'
  | 'pol_loaded'
  | 'pol_vessel_departure'
  | `tsp${1 | 2 | 3 | 4}_vessel_${'arrival' | 'departure'}`
  | 'pod_vessel_arrival'
  | 'pod_discharge'
  | 'pod_departure'
  | 'delivery'
  | 'empty_return';

interface ShareTexts {
  milestones: Record<PublicMilestone, string>;
  notFound: string;
  tooMany: (seconds: number) => string;
}

const tsp = (n: number, arrival: string, departure: string) => ({
  [`tsp${n}_vessel_arrival`]: `${arrival} ${n}`,
  [`tsp${n}_vessel_departure`]: `${departure} ${n}`,
});

export const SHARE_TEXTS: Record<Lang, ShareTexts> = {
  en: {
    milestones: {
      empty_pickup: 'Empty container picked up',
      pol_arrival: 'Arrived at the port of loading',
      pol_loaded: 'Loaded on the vessel',
      pol_vessel_departure: 'Vessel departed',
      ...[1, 2, 3, 4].reduce(
        (all, n) => ({ ...all, ...tsp(n, 'Arrived at transshipment', 'Departed from transshipment') }),
        {},
      ),
      pod_vessel_arrival: 'Vessel arrived at the port of discharge',
      pod_discharge: 'Discharged',
      pod_departure: 'Left the port of discharge',
      delivery: 'Delivered',
      empty_return: 'Empty container returned',
    } as Record<PublicMilestone, string>,
    notFound: 'This tracking link has expired or was revoked.',
    tooMany: (s) => `Too many requests. Try again in ${s} seconds.`,
  },
  es: {
    milestones: {
      empty_pickup: 'Contenedor vacío recogido',
      pol_arrival: 'Llegada al puerto de carga',
      pol_loaded: 'Cargado en el buque',
      pol_vessel_departure: 'Salida del buque',
      ...[1, 2, 3, 4].reduce(
        (all, n) => ({ ...all, ...tsp(n, 'Llegada al transbordo', 'Salida del transbordo') }),
        {},
      ),
      pod_vessel_arrival: 'Llegada del buque al puerto de descarga',
      pod_discharge: 'Descargado',
      pod_departure: 'Salida del puerto de descarga',
      delivery: 'Entregado',
      empty_return: 'Contenedor vacío devuelto',
    } as Record<PublicMilestone, string>,
    notFound: 'Este enlace de seguimiento ha caducado o se ha revocado.',
    tooMany: (s) => `Demasiadas solicitudes. Vuelva a intentarlo dentro de ${s} segundos.`,
  },
};
