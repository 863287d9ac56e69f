// The developer page's words for each webhook event type (a summary and its `data`), per language: the page shows
// them with the example bodies of examples.ts, in the catalogue's order. `backticks` become code; {days} is the
// number of days before the last free day that shipment.free_time_approaching is sent.
import { FREE_TIME_APPROACHING_DAYS } from '@portal/shared-api/domain';
import type { ExampleEventType } from './examples';

type EventTexts = Record<ExampleEventType, { summary: string; data: string }>;

const withDays = (texts: EventTexts): EventTexts =>
  Object.fromEntries(
    Object.entries(texts).map(([type, t]) => [
      type,
      { ...t, summary: t.summary.replace('{days}', String(FREE_TIME_APPROACHING_DAYS)) },
    ]),
  ) as EventTexts;

const en: EventTexts = {
  'tracking_request.status_changed': {
    summary:
      'A request got a status: at creation (`old_status` null), when the carrier accepts or refuses it, when it is archived or cancelled.',
    data: '`old_status` (null for a new request), `new_status`, `reason` (why it is `invalid`, else null).',
  },
  'shipment.created': {
    summary: 'The carrier reported a container for a request: a new shipment.',
    data: '`{}`: the shipment is in `shipment`.',
  },
  'shipment.milestone_actual_set': {
    summary: 'A milestone happened, or its actual date was corrected.',
    data: '`milestone` (one of the milestones below), `location` {locode, name}, `actual`, `previous_actual` (null the first time).',
  },
  'shipment.eta_changed': {
    summary: 'The estimated arrival at the port of discharge, or the planned delivery, moved.',
    data: '`location` (`POD` or `DLV`), `place` {locode, name}, `old`, `new`, `delta_hours`, `delta_days` (positive = later).',
  },
  'alert.raised': {
    summary: 'An alert was raised on a shipment (roll-over, ETA change, vessel change…).',
    data: '`alert_id`, `code`, `code_name`, `message`, `raised_at`. The codes are in `GET event-codes/`.',
  },
  'shipment.vessel_departed': {
    summary: 'The vessel left the port of loading with the container.',
    data: '`milestone` (`pol_vessel_departure`), `location` {locode, name}, `actual`, `previous_actual` (null the first time), `vessel` {name, imo} and `voyage` of the first leg (null when not known).',
  },
  'shipment.vessel_arrived': {
    summary: 'The vessel arrived at the port of discharge.',
    data: '`milestone` (`pod_vessel_arrival`), `location`, `actual`, `previous_actual`, `vessel` {name, imo} and `voyage` of the leg into the port of discharge.',
  },
  'shipment.discharged': {
    summary:
      'The container was discharged at the port of discharge: the terminal’s free days (demurrage) start.',
    data: '`milestone` (`pod_discharge`), `location`, `actual`, `previous_actual`, `vessel` {name, imo} and `voyage` of the leg into the port of discharge.',
  },
  'shipment.gate_out_full': {
    summary:
      'The full container left the terminal of the port of discharge: the free days to return the empty (detention) start.',
    data: '`milestone` (`pod_departure`), `location`, `actual`, `previous_actual`.',
  },
  'shipment.empty_returned': {
    summary: 'The empty container was returned: the journey is over.',
    data: '`milestone` (`empty_return`), `location` (the return depot), `actual`, `previous_actual`.',
  },
  'shipment.free_time_approaching': {
    summary: 'A running clock’s last free day is {days} days away or less: once per last free day.',
    data: '`clock` (`demurrage` or `detention`; a combined free time is `demurrage`), `last_free_day` (YYYY-MM-DD), `previous_last_free_day`, `days_left`, `source` (`rule`: your free-time rules; `carrier`: a date the carrier sent).',
  },
  'shipment.free_time_passed': {
    summary:
      'A running clock went past its last free day: the container costs money from now on. Once per last free day.',
    data: 'As `shipment.free_time_approaching`; `days_left` is negative.',
  },
  'shipment.free_time_changed': {
    summary:
      'A firm last free day moved (a date was corrected, a rule changed, or the carrier sent its own).',
    data: 'As `shipment.free_time_approaching`, with `previous_last_free_day` the date before.',
  },
  'webhook.test': {
    summary: 'Sent by Send test event (or `POST webhooks/{id}/test/`) only; nothing subscribes to it.',
    data: '`message`.',
  },
};

const es: EventTexts = {
  'tracking_request.status_changed': {
    summary:
      'Una solicitud cambió de estado: al crearse (`old_status` null), cuando la naviera la acepta o la rechaza, al archivarse o cancelarse.',
    data: '`old_status` (null en una solicitud nueva), `new_status`, `reason` (por qué es `invalid`; si no, null).',
  },
  'shipment.created': {
    summary: 'La naviera informó de un contenedor de una solicitud: un envío nuevo.',
    data: '`{}`: el envío va en `shipment`.',
  },
  'shipment.milestone_actual_set': {
    summary: 'Se cumplió un hito, o se corrigió su fecha real.',
    data: '`milestone` (uno de los hitos de abajo), `location` {locode, name}, `actual`, `previous_actual` (null la primera vez).',
  },
  'shipment.eta_changed': {
    summary: 'Cambió la llegada estimada al puerto de descarga, o la entrega prevista.',
    data: '`location` (`POD` o `DLV`), `place` {locode, name}, `old`, `new`, `delta_hours`, `delta_days` (positivo = más tarde).',
  },
  'alert.raised': {
    summary: 'Saltó una alerta en un envío (roll-over, cambio de ETA, cambio de buque…).',
    data: '`alert_id`, `code`, `code_name`, `message`, `raised_at`. Los códigos están en `GET event-codes/`.',
  },
  'shipment.vessel_departed': {
    summary: 'El buque salió del puerto de carga con el contenedor.',
    data: '`milestone` (`pol_vessel_departure`), `location` {locode, name}, `actual`, `previous_actual` (null la primera vez), `vessel` {name, imo} y `voyage` del primer tramo (null si no se conocen).',
  },
  'shipment.vessel_arrived': {
    summary: 'El buque llegó al puerto de descarga.',
    data: '`milestone` (`pod_vessel_arrival`), `location`, `actual`, `previous_actual`, `vessel` {name, imo} y `voyage` del tramo que llega al puerto de descarga.',
  },
  'shipment.discharged': {
    summary:
      'El contenedor se descargó en el puerto de descarga: empiezan los días libres de la terminal (demora, demurrage).',
    data: '`milestone` (`pod_discharge`), `location`, `actual`, `previous_actual`, `vessel` {name, imo} y `voyage` del tramo que llega al puerto de descarga.',
  },
  'shipment.gate_out_full': {
    summary:
      'El contenedor lleno salió de la terminal del puerto de descarga: empiezan los días libres para devolver el vacío (detención, detention).',
    data: '`milestone` (`pod_departure`), `location`, `actual`, `previous_actual`.',
  },
  'shipment.empty_returned': {
    summary: 'Se devolvió el contenedor vacío: el viaje ha terminado.',
    data: '`milestone` (`empty_return`), `location` (el depósito de devolución), `actual`, `previous_actual`.',
  },
  'shipment.free_time_approaching': {
    summary:
      'Al último día libre de un reloj en marcha le quedan {days} días o menos: una vez por último día libre.',
    data: '`clock` (`demurrage` o `detention`; un tiempo libre combinado es `demurrage`), `last_free_day` (AAAA-MM-DD), `previous_last_free_day`, `days_left`, `source` (`rule`: sus reglas de tiempo libre; `carrier`: una fecha que envió la naviera).',
  },
  'shipment.free_time_passed': {
    summary:
      'Un reloj en marcha pasó su último día libre: desde ahora el contenedor cuesta dinero. Una vez por último día libre.',
    data: 'Como `shipment.free_time_approaching`; `days_left` es negativo.',
  },
  'shipment.free_time_changed': {
    summary:
      'Se movió un último día libre firme (se corrigió una fecha, cambió una regla o la naviera envió el suyo).',
    data: 'Como `shipment.free_time_approaching`, con `previous_last_free_day` la fecha anterior.',
  },
  'webhook.test': {
    summary: 'Solo lo envía Enviar evento de prueba (o `POST webhooks/{id}/test/`); nadie se suscribe a él.',
    data: '`message`.',
  },
};

export const EVENT_TEXTS = { en: withDays(en), es: withDays(es) } as const;
