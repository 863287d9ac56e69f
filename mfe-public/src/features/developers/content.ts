// The developer page's words, one object per language (the code is in snippets.ts and the payloads and value
// lists in examples.ts). `backticks` in a text become code. The guide follows api/README.md's integration guide.
import type { ExampleEventType } from './examples';
import { EVENT_TEXTS } from './event-texts';

export interface DeveloperTexts {
  title: string;
  lead: string;
  contents: string;
  reference: { title: string; text: string; open: string; json: string };
  start: { title: string; text: string[] };
  keys: { title: string; text: string[]; points: string[] };
  requests: { title: string; text: string[]; carrier: string; replayTitle: string; replay: string };
  verify: {
    title: string;
    text: string[];
    headers: { name: string; value: string; rows: [string, string][] };
    languages: string;
  };
  manage: {
    title: string;
    register: string;
    manage: string;
    redeliver: string;
    rotate: string;
    urls: string;
  };
  events: {
    title: string;
    text: string;
    data: string;
    example: string;
    types: Record<ExampleEventType, { summary: string; data: string }>;
  };
  values: {
    title: string;
    text: string;
    lists: {
      eventTypes: string;
      requestStatuses: string;
      shipmentStatuses: string;
      lifecycle: string;
      health: string;
      milestones: string;
      freeTimeClocks: string;
      codeTypes: string;
    };
  };
  delivery: { title: string; points: string[] };
  changes: { title: string; text: string[] };
  code: { label: string };
}

const en: DeveloperTexts = {
  title: 'Integration guide for developers',
  lead: 'Connect an ERP or TMS so container milestones land in it without anyone opening the portal: an API key for calls, webhooks for changes as they happen, and a changes feed to catch up.',
  contents: 'On this page',
  reference: {
    title: 'API reference',
    text: 'Every call, parameter and answer, generated from the API’s OpenAPI document, is in the API reference; the document itself can be downloaded for code generators.',
    open: 'Open the API reference',
    json: 'OpenAPI document (JSON)',
  },
  start: {
    title: 'Before you start',
    text: [
      'All calls go to the portal’s API under `/api/`, with a trailing slash, and answer JSON. Lists are paged by 30 as `{count, next, previous, results}`; errors are `{field: [messages]}` or `{detail: message}` with the status code that fits.',
      'The examples use a shell with `curl` and `node`. Set `API` to this portal’s API (already filled in below) and get a manager’s session token: keys and webhooks are managed with it, everything else with the key.',
    ],
  },
  keys: {
    title: '1. Get an API key',
    text: [
      'A manager opens ⚙ Config → Integrations (API) in the portal, types a name, chooses Read only or Read and create tracking requests and presses Create key. The key (`ctp_…`) is shown once: copy it. The same from a shell:',
    ],
    points: [
      'Send it as `Authorization: Token <key>`. A key sees its company’s data only, with the alert thresholds of the manager who created it.',
      '`read`: every GET of shipments, tracking requests, the reference lists and the changes feed. `read_write`: also creating and changing tracking requests (and the bulk upload). Logins, users, teams, keys and webhooks answer 403 to a key.',
      'Each key has its own rate limit (600 calls a minute unless set at creation): every answer carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`; over the limit you get 429 with `Retry-After` in seconds.',
      'Revoking a key (Revoke on the page, or `DELETE $API/api-keys/<id>/`) stops it at once: 401 `Invalid API key.`',
    ],
  },
  requests: {
    title: '2. Create tracking requests',
    text: [
      'A tracking request names a carrier and a reference: a container number (`c_id`), a booking number (`b_id`) or a B/L number (`m_bl`).',
    ],
    carrier:
      '`carrier_id` is the `id` of the carrier in `GET carriers/`: search it by name or SCAC. Its `request_type_support` says which code types it tracks by, and `booking_bl_required_container` whether a booking or B/L request also needs a container number.',
    replayTitle: 'A new request first replays its past',
    replay:
      'When the carrier answers a new request, everything that already happened arrives at once: `shipment.created` for each container and one `shipment.milestone_actual_set` for every milestone already reached (empty pickup, loading, departure…), with `actual` dates in the past. Only after that do events arrive as they happen. Compare `actual` with your own data instead of treating each event as news.',
  },
  verify: {
    title: '3. Receive and verify webhooks',
    text: [
      'Every delivery is a POST of a JSON body with the headers below. Refuse a request whose timestamp is more than 300 seconds from your clock (a replay) or whose signature does not match, and verify on the raw bytes of the body before parsing it. Answer 2xx within 10 seconds and do slow work afterwards.',
      'While a rotated secret is in its grace period the signature header carries two signatures, `v1=<new>, v1=<previous>`: accept the request when any of them matches the secret you hold.',
    ],
    headers: {
      name: 'Header',
      value: 'Value',
      rows: [
        ['Webhook-Id', 'The event id (also `id` in the body): de-duplicate on it, delivery is at least once'],
        ['Webhook-Event', 'The event type'],
        ['Webhook-Timestamp', 'When this attempt was sent, Unix seconds'],
        [
          'Webhook-Signature',
          '`v1=` + hex HMAC-SHA256 of `<Webhook-Timestamp>.<raw body>`, keyed with the endpoint’s secret',
        ],
      ],
    },
    languages: 'The same check in four languages:',
  },
  manage: {
    title: '4. Register and manage webhooks',
    register:
      'On the Integrations page: URL, the events wanted, Register webhook. From a shell, with the manager’s token (a key cannot manage webhooks):',
    manage: 'List, disable, enable, test and delete:',
    redeliver:
      'The delivery log shows every delivery (time, event, status, attempts, answer code, latency, next attempt). Send one again, with the same event id:',
    rotate:
      'Rotate the signing secret when it may have leaked, or on a schedule. The new secret is in the answer, once; the previous one keeps signing for the grace period so your receiver can switch without losing events:',
    urls: 'Webhook URLs must be `https://` and reach a public address: loopback, private, link-local and similar addresses are refused when saved and again at every delivery.',
  },
  events: {
    title: '5. Events and payloads',
    text: 'Every body has the event’s `id`, `type`, `created_at` and `data`, the `tracking_request` and the `shipment` (null for request-level events) as they were at the first attempt. `health` follows the thresholds of the manager who registered the webhook.',
    data: '`data`',
    example: 'Example body',
    types: EVENT_TEXTS.en,
  },
  values: {
    title: '6. Value lists',
    text: 'The values the API sends, from the same lists the API itself uses.',
    lists: {
      eventTypes: 'Event types (`type`, `events` of a webhook)',
      requestStatuses: 'Tracking request statuses (`status`, `old_status`, `new_status`, `request_status`)',
      shipmentStatuses: 'Shipment statuses (`shipment.status`)',
      lifecycle: 'Lifecycle (`lifecycle_status`)',
      health: 'Health (`health`)',
      milestones: 'Milestones (`milestone`)',
      freeTimeClocks: 'Free-time clocks (`clock`)',
      codeTypes: 'Code types (`code_type`)',
    },
  },
  delivery: {
    title: '7. Retries and ordering',
    points: [
      'Events are written in the same database transaction as the change: a committed change always has its event, a rolled-back one never.',
      'At least once: a delivery counts only after a 2xx answer within 10 s. De-duplicate on the event id.',
      'In order per tracking request (its status and all its shipments): a failed delivery holds the later events of the same request until it succeeds; other requests are not held.',
      'Retries with exponential backoff: 10 s, 20 s, 40 s… doubling up to 6 h apart, for 72 hours; then the delivery is marked failed and the request’s next events go on.',
      'An endpoint that has failed every attempt for 72 hours is disabled and the company’s managers get an e-mail. Its undelivered events are kept: enabling it sends them, in order.',
      'Delivered events stay in the log for 30 days; failed ones, with Send again, as long as their endpoint exists. After that, use the changes feed to catch up.',
    ],
  },
  changes: {
    title: '8. Shipments changed since a time',
    text: [
      'To catch up after downtime, or instead of webhooks, walk the changes with the key. The answer is `{results, next_since, next_after_id}`: up to 100 shipment summaries (as in the webhook body), oldest change first. Call again with `since=<next_since>&after_id=<next_after_id>` until `results` is empty.',
    ],
  },
  code: { label: 'Code' },
};

const es: DeveloperTexts = {
  title: 'Guía de integración para desarrolladores',
  lead: 'Conecte su ERP o TMS para que los hitos de sus contenedores lleguen a él sin abrir el portal: una clave de API para las llamadas, webhooks para los cambios en cuanto ocurren y un flujo de cambios para ponerse al día.',
  contents: 'En esta página',
  reference: {
    title: 'Referencia de la API',
    text: 'Todas las llamadas, parámetros y respuestas, generados a partir del documento OpenAPI de la API, están en la referencia de la API; el documento se puede descargar para generadores de código.',
    open: 'Abrir la referencia de la API',
    json: 'Documento OpenAPI (JSON)',
  },
  start: {
    title: 'Antes de empezar',
    text: [
      'Todas las llamadas van a la API del portal bajo `/api/`, con barra final, y responden JSON. Las listas se paginan de 30 en 30 como `{count, next, previous, results}`; los errores son `{campo: [mensajes]}` o `{detail: mensaje}` con el código de estado que corresponde.',
      'Los ejemplos usan una consola con `curl` y `node`. Ponga en `API` la API de este portal (ya rellenada abajo) y obtenga el token de sesión de un responsable: con él se gestionan las claves y los webhooks; todo lo demás, con la clave.',
    ],
  },
  keys: {
    title: '1. Obtenga una clave de API',
    text: [
      'Un responsable abre ⚙ Config → Integraciones (API) en el portal, escribe un nombre, elige Solo lectura o Lectura y creación de solicitudes de seguimiento y pulsa Crear clave. La clave (`ctp_…`) se muestra una sola vez: cópiela. Lo mismo desde una consola:',
    ],
    points: [
      'Envíela como `Authorization: Token <clave>`. Una clave solo ve los datos de su empresa, con los umbrales de alerta del responsable que la creó.',
      '`read`: todos los GET de envíos, solicitudes de seguimiento, listas de referencia y el flujo de cambios. `read_write`: además, crear y modificar solicitudes de seguimiento (y la carga masiva). Inicios de sesión, usuarios, equipos, claves y webhooks responden 403 a una clave.',
      'Cada clave tiene su propio límite (600 llamadas por minuto si no se fijó otro al crearla): cada respuesta lleva `X-RateLimit-Limit`, `X-RateLimit-Remaining` y `X-RateLimit-Reset`; por encima del límite recibe 429 con `Retry-After` en segundos.',
      'Revocar una clave (Revocar en la página, o `DELETE $API/api-keys/<id>/`) la detiene en el acto: 401 `Invalid API key.`',
    ],
  },
  requests: {
    title: '2. Cree solicitudes de seguimiento',
    text: [
      'Una solicitud de seguimiento indica una naviera y una referencia: un número de contenedor (`c_id`), de reserva (`b_id`) o de B/L (`m_bl`).',
    ],
    carrier:
      '`carrier_id` es el `id` de la naviera en `GET carriers/`: búsquela por nombre o SCAC. Su `request_type_support` dice por qué tipos de código sigue, y `booking_bl_required_container` si una solicitud por reserva o B/L necesita además un número de contenedor.',
    replayTitle: 'Una solicitud nueva reproduce primero su pasado',
    replay:
      'Cuando la naviera responde a una solicitud nueva, todo lo que ya ocurrió llega de golpe: `shipment.created` por cada contenedor y un `shipment.milestone_actual_set` por cada hito ya alcanzado (recogida del vacío, carga, salida…), con fechas `actual` pasadas. Solo después llegan los eventos a medida que ocurren. Compare `actual` con sus propios datos en lugar de tratar cada evento como una novedad.',
  },
  verify: {
    title: '3. Reciba y verifique los webhooks',
    text: [
      'Cada entrega es un POST de un cuerpo JSON con las cabeceras de abajo. Rechace la petición cuya marca de tiempo se aleje más de 300 segundos de su reloj (una repetición) o cuya firma no coincida, y verifique sobre los bytes del cuerpo tal como llegan, antes de interpretarlo. Responda 2xx en menos de 10 segundos y haga el trabajo lento después.',
      'Mientras un secreto rotado está en su periodo de gracia, la cabecera de firma lleva dos firmas, `v1=<nuevo>, v1=<anterior>`: acepte la petición si cualquiera coincide con el secreto que tiene.',
    ],
    headers: {
      name: 'Cabecera',
      value: 'Valor',
      rows: [
        [
          'Webhook-Id',
          'El id del evento (también `id` en el cuerpo): descarte duplicados con él, la entrega es al menos una vez',
        ],
        ['Webhook-Event', 'El tipo de evento'],
        ['Webhook-Timestamp', 'Cuándo se envió este intento, en segundos Unix'],
        [
          'Webhook-Signature',
          '`v1=` + HMAC-SHA256 en hexadecimal de `<Webhook-Timestamp>.<cuerpo tal cual>`, con el secreto del webhook',
        ],
      ],
    },
    languages: 'La misma comprobación en cuatro lenguajes:',
  },
  manage: {
    title: '4. Registre y gestione los webhooks',
    register:
      'En la página Integraciones: URL, los eventos que quiere, Registrar webhook. Desde una consola, con el token del responsable (una clave no puede gestionar webhooks):',
    manage: 'Listar, desactivar, activar, probar y eliminar:',
    redeliver:
      'El registro de entregas muestra cada entrega (hora, evento, estado, intentos, código de respuesta, latencia, próximo intento). Vuelva a enviar una, con el mismo id de evento:',
    rotate:
      'Rote el secreto de firma si ha podido filtrarse, o periódicamente. El secreto nuevo va en la respuesta, una sola vez; el anterior sigue firmando durante el periodo de gracia para que su receptor cambie sin perder eventos:',
    urls: 'Las URL de los webhooks deben ser `https://` y llegar a una dirección pública: las direcciones de bucle local, privadas, de enlace local y similares se rechazan al guardar y de nuevo en cada entrega.',
  },
  events: {
    title: '5. Eventos y cuerpos',
    text: 'Cada cuerpo lleva el `id`, `type`, `created_at` y `data` del evento, y la `tracking_request` y el `shipment` (null en los eventos de la solicitud) como estaban en el primer intento. `health` sigue los umbrales del responsable que registró el webhook.',
    data: '`data`',
    example: 'Cuerpo de ejemplo',
    types: EVENT_TEXTS.es,
  },
  values: {
    title: '6. Listas de valores',
    text: 'Los valores que envía la API, de las mismas listas que usa la propia API.',
    lists: {
      eventTypes: 'Tipos de evento (`type`, `events` de un webhook)',
      requestStatuses: 'Estados de una solicitud (`status`, `old_status`, `new_status`, `request_status`)',
      shipmentStatuses: 'Estados de un envío (`shipment.status`)',
      lifecycle: 'Ciclo de vida (`lifecycle_status`)',
      health: 'Salud (`health`)',
      milestones: 'Hitos (`milestone`)',
      freeTimeClocks: 'Relojes de tiempo libre (`clock`)',
      codeTypes: 'Tipos de código (`code_type`)',
    },
  },
  delivery: {
    title: '7. Reintentos y orden',
    points: [
      'Los eventos se escriben en la misma transacción de base de datos que el cambio: un cambio confirmado siempre tiene su evento; uno deshecho, nunca.',
      'Al menos una vez: una entrega solo cuenta tras una respuesta 2xx en menos de 10 s. Descarte duplicados con el id del evento.',
      'En orden por solicitud de seguimiento (su estado y todos sus envíos): una entrega fallida retiene los eventos posteriores de la misma solicitud hasta que se entrega; las demás solicitudes no esperan.',
      'Reintentos con espera exponencial: 10 s, 20 s, 40 s… doblando hasta 6 h entre intentos, durante 72 horas; después la entrega queda como fallida y siguen los eventos siguientes de la solicitud.',
      'Un webhook que ha fallado todos los intentos durante 72 horas se desactiva y los responsables de la empresa reciben un correo. Sus eventos sin entregar se conservan: al activarlo se envían, en orden.',
      'Los eventos entregados quedan en el registro 30 días; los fallidos, con Enviar de nuevo, mientras exista su webhook. Después, use el flujo de cambios para ponerse al día.',
    ],
  },
  changes: {
    title: '8. Envíos cambiados desde un momento',
    text: [
      'Para ponerse al día tras una caída, o en lugar de los webhooks, recorra los cambios con la clave. La respuesta es `{results, next_since, next_after_id}`: hasta 100 resúmenes de envío (como en el cuerpo del webhook), del cambio más antiguo al más reciente. Vuelva a llamar con `since=<next_since>&after_id=<next_after_id>` hasta que `results` esté vacío.',
    ],
  },
  code: { label: 'Código' },
};

export const DEVELOPER_TEXTS = { en, es } as const;
