// The server texts catalogue (src/i18n): the language of a request, the templates, and that every message
// table of the code has its Spanish.
import { langFromHeader, localizeErrorBody, localizePayload, translate } from '../../src/i18n';
import { TEMPLATES } from '../../src/i18n/catalogue';
import { MESSAGES } from '../../src/lib/errors';
import { COLUMNS, FILE_MESSAGES } from '../../src/routes/bulk-import/sheet';
import { TR_MESSAGES } from '../../src/services/tracking-requests';
import { QUERY_MESSAGES } from '../../src/lib/query-params';
import { API_KEY_FIELD_MESSAGES, MAX_ACTIVE_KEYS } from '../../src/services/api-keys/keys';
import { API_KEY_MESSAGES } from '../../src/services/api-keys';
import { MAX_ENDPOINTS, WEBHOOK_MESSAGES } from '../../src/routes/webhooks';
import { URL_MESSAGES } from '../../src/services/webhooks/url-safety';
import { detectAlerts } from '../../src/tracking/derive/alerts';
import { containerTypeText } from '../../src/tracking/derive/derive';

const es = (text: string) => translate(text, 'es');
/** English words that must never survive in a Spanish text (digits, codes and names aside). */
const ENGLISH =
  /\b(the|and|or|of|is|are|not|has|have|this|field|file|days|vessel|voyage|carrier|request|rows?)\b/i;

/** The bulk template's column names are the file's header texts: they stay as they are. */
const COLUMN_NAMES = new RegExp(`\\b(${COLUMNS.join('|')})\\b`, 'g');

describe('the language of a request', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,es;q=0.7', 'es'],
    ['fr, de', 'en'],
    ['en;q=0.2, es;q=0.5', 'es'],
    ['es;q=0, en', 'en'],
    ['*', 'en'],
  ])('%p → %s', (header, lang) => {
    expect(langFromHeader(header)).toBe(lang);
  });
});

describe('the catalogue', () => {
  it('has each English text once and every placeholder of the Spanish side on the English side', () => {
    const seen = new Set<string>();
    for (const [en, esText] of TEMPLATES) {
      expect(seen.has(en) ? en : 'unique').toBe('unique');
      seen.add(en);
      const names = new Set([...en.matchAll(/\{(\w+)(?::\w+)?\}/g)].map((m) => m[1]));
      for (const m of esText.matchAll(/\{(\w+)(?::\w+)?\}/g))
        expect([en, names.has(m[1])]).toEqual([en, true]);
    }
  });

  it('leaves English as it is, and unknown texts as they are', () => {
    expect(translate(MESSAGES.notFound, 'en')).toBe('Not found.');
    expect(es('Hamburg Süd remark nobody wrote a template for')).toBe(
      'Hamburg Süd remark nobody wrote a template for',
    );
  });

  it('translates every fixed message of the API (errors, tracking requests, bulk upload)', () => {
    const strings = (table: Record<string, unknown>) =>
      Object.values(table).filter((m): m is string => typeof m === 'string');
    const fixed: string[] = [
      ...Object.values(MESSAGES),
      ...strings(FILE_MESSAGES),
      ...strings(TR_MESSAGES),
      FILE_MESSAGES.tooManyRows(25_000),
      FILE_MESSAGES.columns(['carrier'], ['colour']),
      FILE_MESSAGES.columns(['carrier', 'code_type'], []),
      FILE_MESSAGES.columns([], ['colour']),
      FILE_MESSAGES.duplicateColumn('carrier'),
      TR_MESSAGES.checkDigit('MSCU1234560', 5),
      TR_MESSAGES.invalidPk(12),
      TR_MESSAGES.notSupported('Yang Ming', 'b_id'),
      TR_MESSAGES.tooLong(100),
      TR_MESSAGES.notList('x'),
      TR_MESSAGES.duplicate(31, 'm_bl'),
      TR_MESSAGES.cap(10, 10, 1),
      TR_MESSAGES.cap(10, 8, 5),
    ];
    for (const text of fixed) {
      const spanish = es(text);
      expect([text, spanish === text]).toEqual([text, false]);
      const words = spanish.replace(/"[^"]*"/g, '').replace(COLUMN_NAMES, '');
      expect([spanish, ENGLISH.test(words)]).toEqual([spanish, false]);
    }
  });

  it('translates the query-parameter, API key and webhook messages (no English left)', () => {
    const strings = (table: Record<string, unknown>) =>
      Object.values(table).filter((m): m is string => typeof m === 'string');
    const fixed: string[] = [
      ...strings(QUERY_MESSAGES),
      QUERY_MESSAGES.choice('done'),
      ...strings(WEBHOOK_MESSAGES),
      ...strings(URL_MESSAGES),
      ...strings(API_KEY_FIELD_MESSAGES),
      ...strings(API_KEY_MESSAGES),
      'Invalid API key.',
      'An API key cannot be used for this call.',
      'Request was throttled. Expected available in 12 seconds.',
    ];
    for (const text of fixed) {
      const spanish = es(text);
      expect([text, spanish === text]).toEqual([text, false]);
      expect([spanish, ENGLISH.test(spanish.replace(/"[^"]*"/g, ''))]).toEqual([spanish, false]);
    }
    expect(es(WEBHOOK_MESSAGES.tooMany)).toBe(
      `Una empresa puede tener como máximo ${MAX_ENDPOINTS} webhooks.`,
    );
    expect(es(API_KEY_FIELD_MESSAGES.tooMany)).toBe(
      `Una empresa puede tener como máximo ${MAX_ACTIVE_KEYS} claves activas. Revoque una antes.`,
    );
    expect(es(URL_MESSAGES.https)).toBe('La URL debe empezar por https://.');
    expect(es('Request was throttled. Expected available in 12 seconds.')).toBe(
      'Demasiadas llamadas. Podrá volver a llamar dentro de 12 segundos.',
    );
    expect(es(QUERY_MESSAGES.invalidDate)).toBe('Fecha no válida');
    expect(es('Invalid ordering field "secret". Use one of: id, status (prefix - for descending).')).toBe(
      'Campo de ordenación no válido: "secret". Use uno de estos: id, status (con - delante, orden descendente).',
    );
  });

  it('keeps the spec-quoted texts word for word in English and gives their Spanish', () => {
    expect(TR_MESSAGES.containerFormat).toBe(
      'Container numbers feature 4 uppercase letters followed by 7 digits.',
    );
    expect(es(TR_MESSAGES.containerFormat)).toBe(
      'Los números de contenedor tienen 4 letras mayúsculas seguidas de 7 dígitos.',
    );
    expect(es('Required input: Container.')).toBe('Dato obligatorio: Contenedor.');
    expect(es('The Shipment has been hidden')).toBe('El envío se ha ocultado');
  });

  it('writes numbers the Spanish way and translates nested texts', () => {
    expect(es('Ensure this value is greater than or equal to -1.5.')).toBe(
      'Asegúrese de que este valor sea mayor o igual que -1,5.',
    );
    expect(es('A request that is pending archiving cannot be cancelled.')).toBe(
      'Una solicitud pendiente de archivar no se puede cancelar.',
    );
    expect(es('code_value: Duplicate of row 2 (same carrier, code type and code value).')).toBe(
      'code_value: Duplicado de la fila 2 (misma naviera, tipo de código y código).',
    );
    expect(
      es('Maersk refused the booking number BK123 (HTTP 400). Check the number and the carrier, then retry.'),
    ).toBe(
      'Maersk ha rechazado el número de reserva BK123 (HTTP 400). Compruebe el número y la naviera y vuelva a intentarlo.',
    );
  });

  it("words the carriers' notes so that the form still sees that a container is needed", () => {
    for (const note of [
      'Bookings and B/Ls are only tracked per container: container number submission is needed.',
      'B/L tracking needs the containers: container number submission is needed.',
    ]) {
      // mfe-tracking's noteRequiresContainer looks for this wording in a Spanish note.
      expect(es(note)).toContain('es necesario enviar el número de contenedor');
    }
    expect(
      localizePayload(
        { last_coordinates: { lng: 1, lat: 2, warnings: ['estimated from the schedule'] } },
        'es',
      ),
    ).toEqual({ last_coordinates: { lng: 1, lat: 2, warnings: ['estimada a partir del itinerario'] } });
  });

  it('renders container types', () => {
    expect(es(containerTypeText('45G1'))).toBe("Contenedor estándar high cube de 40'");
    expect(es(containerTypeText('22R1'))).toBe("Contenedor refrigerado de 20'");
    expect(es(containerTypeText('22X1'))).toBe("Contenedor de 20'");
  });
});

describe('alert messages', () => {
  const DAY = 86_400_000;
  const now = new Date('2026-03-10T00:00:00Z');

  it('renders the no-update and arrival-after-contractual alerts made by the engine in Spanish', () => {
    const causes = detectAlerts(
      null,
      {
        columns: {
          last_update: new Date(now.getTime() - 36 * DAY),
          lifecycle_status: 'active',
          eta: new Date('2026-03-20T00:00:00Z'),
          ata: null,
        },
        legs: [],
        route: [],
        omittedPorts: [],
        prediction: null,
      } as never,
      [],
      { now, containerNumber: 'MSCU1234565', contractualEtaPod: new Date('2026-03-15T00:00:00Z') } as never,
    );
    const byCode = Object.fromEntries(causes.map((c) => [c.code, c.message]));
    expect(byCode[906]).toBe('No carrier update for 36 days (last on 2026-02-02)');
    expect(es(byCode[906])).toBe('Sin actualización de la naviera en 36 días (la última el 2026-02-02)');
    expect(es(byCode[907])).toBe(
      'Llegada a POD prevista el 2026-03-20, posterior a la ETA contractual 2026-03-15',
    );
  });

  it.each([
    [
      'Vessel change on leg 1 (CNSHA to SGSIN): EVER ACE (IMO 9893890) voyage 012W replaced by an unknown vessel',
      'Cambio de buque en el tramo 1 (CNSHA a SGSIN): EVER ACE (IMO 9893890) viaje 012W sustituido por un buque desconocido',
    ],
    [
      'Rolled over at CNSHA: not loaded on MSC ANNA (IMO 9777777) voyage 1; now on MSC ZOE (IMO 9888888)',
      'Roll-over en CNSHA: no cargado en MSC ANNA (IMO 9777777) viaje 1; ahora en MSC ZOE (IMO 9888888)',
    ],
    [
      'ETA at POD moved by 1.3 days (2026-01-01 to 2026-01-02)',
      'ETA en POD movida 1,3 días (2026-01-01 a 2026-01-02)',
    ],
    [
      'ETA at POD moved by -1 days (2026-01-02 to 2026-01-01)',
      'ETA en POD movida -1 día (2026-01-02 a 2026-01-01)',
    ],
    [
      'Transshipment dwell at SGSIN over 7 days (9.5 days)',
      'Estancia en transbordo en SGSIN por encima de 7 días (9,5 días)',
    ],
    ['Port omitted: KRPUS is no longer called at', 'Puerto omitido: ya no se hace escala en KRPUS'],
  ])('%s', (en, spanish) => {
    expect(es(en)).toBe(spanish);
  });
});

describe('answers', () => {
  it('translates only the text fields of an answer, without changing the object it was given', () => {
    const cached = Object.freeze({
      id: 3,
      status_verbose: 'in transshipment',
      last_alert_message: 'Port omitted: KRPUS is no longer called at',
      ctt_quality: Object.freeze({ note: 'Good coverage.', rank: 4 }),
      warnings: [
        {
          code: 'reference_not_found',
          message:
            'MSC does not know the container number MSCU1. Check the number and the carrier, then retry.',
        },
      ],
      when: new Date(0),
    });
    const out = localizePayload(cached, 'es');
    expect(out).toEqual({
      id: 3,
      status_verbose: 'in transshipment',
      last_alert_message: 'Puerto omitido: ya no se hace escala en KRPUS',
      ctt_quality: { note: 'Buena cobertura.', rank: 4 },
      warnings: [
        {
          code: 'reference_not_found',
          message:
            'MSC no reconoce el número de contenedor MSCU1. Compruebe el número y la naviera y vuelva a intentarlo.',
        },
      ],
      when: new Date(0),
    });
    expect(cached.ctt_quality.note).toBe('Good coverage.');
    expect(localizePayload(cached, 'en')).toBe(cached);
  });

  it('translates every message of an error body', () => {
    expect(
      localizeErrorBody(
        {
          non_field_errors: ['Unable to log in with provided credentials.'],
          'row 2': ['carrier: This field is required.'],
        },
        'es',
      ),
    ).toEqual({
      non_field_errors: ['No se puede iniciar sesión con el usuario y la contraseña indicados.'],
      'row 2': ['carrier: Este campo es obligatorio.'],
    });
  });
});
