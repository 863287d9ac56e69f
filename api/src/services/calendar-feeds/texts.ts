// The words of a calendar feed, in the feed's language (es / en): the event summaries and descriptions, the
// calendar's own name and the plain answer of an unknown or revoked feed.
import type { FeedLang } from './feeds';

export type FeedMilestone = 'pod' | 'delivery';

interface FeedTexts {
  calendarName: (feedName: string) => string;
  calendarDescription: string;
  summary: (m: FeedMilestone, actual: boolean, container: string, place: string | null) => string;
  carrier: string;
  booking: string;
  bl: string;
  clientCode: string;
  route: string;
  open: string;
  notFound: string;
  tooMany: (seconds: number) => string;
}

const place = (p: string | null) => (p ? ` – ${p}` : '');

export const FEED_TEXTS: Record<FeedLang, FeedTexts> = {
  en: {
    calendarName: (name) => `Arrivals – ${name}`,
    calendarDescription: 'ETAs at POD and delivery of your shipments, from the container-tracking portal.',
    summary: (m, actual, container, p) =>
      `${m === 'pod' ? (actual ? 'Arrived at POD' : 'ETA at POD') : actual ? 'Delivered' : 'ETA delivery'}: ${container}${place(p)}`,
    carrier: 'Carrier',
    booking: 'Booking',
    bl: 'B/L',
    clientCode: 'Client code',
    route: 'Route',
    open: 'Open in the portal',
    notFound:
      'Calendar feed not found. It may have been revoked: create a new one in your user settings in the portal.',
    tooMany: (s) => `Too many requests for this calendar feed. Try again in ${s} seconds.`,
  },
  es: {
    calendarName: (name) => `Llegadas – ${name}`,
    calendarDescription:
      'ETA en POD y entrega de sus envíos, desde el portal de seguimiento de contenedores.',
    summary: (m, actual, container, p) =>
      `${m === 'pod' ? (actual ? 'Llegada a POD' : 'ETA en POD') : actual ? 'Entregado' : 'ETA de entrega'}: ${container}${place(p)}`,
    carrier: 'Naviera',
    booking: 'Reserva',
    bl: 'B/L',
    clientCode: 'Código de cliente',
    route: 'Ruta',
    open: 'Abrir en el portal',
    notFound:
      'No se encuentra este calendario. Puede que se haya revocado: cree uno nuevo en la configuración de usuario del portal.',
    tooMany: (s) =>
      `Demasiadas peticiones para este calendario. Vuelva a intentarlo dentro de ${s} segundos.`,
  },
};
