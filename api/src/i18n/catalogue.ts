// Every human text the API produces, English (as the code writes it, and as the spec quotes it) → Spanish
// (usted; the portal's terms: naviera, envío, solicitud de seguimiento, reserva, B/L, POD, ETA).
// A new server text is added here in the same change that writes it; `catalogue.test.ts` checks that the
// texts of the code's message tables are all here.
import type { Template } from './translate';

/** Errors and validation (lib/errors, lib/validation, plugins/errors, plugins/input-limits, app). */
const GENERIC: Template[] = [
  [
    'Authentication credentials were not provided.',
    'No se han proporcionado las credenciales de autenticación.',
  ],
  ['Invalid token.', 'Token no válido.'],
  [
    'Invalid token header. No credentials provided.',
    'Cabecera de token no válida. No se han proporcionado credenciales.',
  ],
  [
    'Invalid token header. Token string should not contain spaces.',
    'Cabecera de token no válida. El token no debe contener espacios.',
  ],
  ['User inactive or deleted.', 'Usuario inactivo o eliminado.'],
  ['You do not have permission to perform this action.', 'No tiene permiso para realizar esta acción.'],
  ['Not found.', 'No encontrado.'],
  ['Invalid page.', 'Página no válida.'],
  ['A server error occurred.', 'Se ha producido un error en el servidor.'],
  ['This field is required.', 'Este campo es obligatorio.'],
  ['This field cannot be changed.', 'Este campo no se puede cambiar.'],
  [
    'Unable to log in with provided credentials.',
    'No se puede iniciar sesión con el usuario y la contraseña indicados.',
  ],
  [
    'Your old password was entered incorrectly. Please enter it again.',
    'La contraseña actual no es correcta. Vuelva a introducirla.',
  ],
  ['The two password fields didn’t match.', 'Las dos contraseñas no coinciden.'],
  ['New password has been saved.', 'Se ha guardado la nueva contraseña.'],
  ['Successfully logged out.', 'Sesión cerrada.'],
  // Notices quoted by the spec (section 8), as the front end words them in Spanish.
  [
    'The Tracking status has been successfully changed',
    'El estado del seguimiento se ha cambiado correctamente',
  ],
  ['The Shipment has been hidden', 'El envío se ha ocultado'],
  ['The Shipment has been showed', 'El envío vuelve a mostrarse'],
  // DCSA push callback rate limit (routes/dcsa-callback).
  [
    'Too many notifications for this subscription. Retry later.',
    'Demasiadas notificaciones para esta suscripción. Vuelva a intentarlo más tarde.',
  ],
  // Idempotency-Key on creating POSTs (plugins/idempotency).
  [
    'Idempotency-Key must be 1 to {n:int} visible ASCII characters.',
    'Idempotency-Key debe tener de 1 a {n} caracteres ASCII visibles.',
  ],
  [
    'This Idempotency-Key was already used with another request. Use a new key for a different request.',
    'Esta Idempotency-Key ya se usó con otra petición. Use una clave nueva para una petición distinta.',
  ],
  [
    'A request with this Idempotency-Key is still being processed. Retry in a moment.',
    'Una petición con esta Idempotency-Key aún se está procesando. Vuelva a intentarlo en un momento.',
  ],
  [
    'Too many failed login attempts. Try again in {n:int} seconds.',
    'Demasiados intentos fallidos de inicio de sesión. Vuelva a intentarlo dentro de {n} segundos.',
  ],
  ['The password is too similar to the username.', 'La contraseña se parece demasiado al nombre de usuario.'],
  [
    'This password is too short. It must contain at least {n:int} characters.',
    'La contraseña es demasiado corta. Debe tener al menos {n} caracteres.',
  ],
  ['This password is entirely numeric.', 'La contraseña no puede tener solo números.'],
  ['Ensure this value is not equal to 0.', 'Asegúrese de que este valor no sea 0.'],
  ['Invalid input.', 'Datos no válidos.'],
  ['This field may not be null.', 'Este campo no puede ser nulo.'],
  ['This field may not be blank.', 'Este campo no puede estar vacío.'],
  ['A valid integer is required.', 'Introduzca un número entero válido.'],
  ['A valid number is required.', 'Introduzca un número válido.'],
  [
    'Ensure this value is greater than or equal to {n:num}.',
    'Asegúrese de que este valor sea mayor o igual que {n:n}.',
  ],
  [
    'Ensure this value is less than or equal to {n:num}.',
    'Asegúrese de que este valor sea menor o igual que {n:n}.',
  ],
  ['Not a valid string.', 'No es un texto válido.'],
  [
    'Ensure this field has at least {n:int} characters.',
    'Asegúrese de que este campo tenga al menos {n} caracteres.',
  ],
  [
    'Ensure this field has no more than {n:int} characters.',
    'Asegúrese de que este campo no tenga más de {n} caracteres.',
  ],
  [
    'Ensure this value has no more than {n:int} characters as JSON.',
    'Asegúrese de que este valor no tenga más de {n} caracteres en JSON.',
  ],
  [
    'Ensure this field has no more than {n:int} elements.',
    'Asegúrese de que este campo no tenga más de {n} elementos.',
  ],
  [
    'Ensure this value is nested no more than {n:int} levels deep.',
    'Asegúrese de que este valor no tenga más de {n} niveles de anidamiento.',
  ],
  ['Enter a valid email address.', 'Introduzca una dirección de correo electrónico válida.'],
  ['Enter a valid value.', 'Introduzca un valor válido.'],
  ['Must be a valid boolean.', 'Debe ser verdadero o falso.'],
  [
    'Expected a list of items but got type "{type}".',
    'Se esperaba una lista de elementos, pero se ha recibido el tipo "{type}".',
  ],
  [
    'Invalid data. Expected a dictionary, but got {type}.',
    'Datos no válidos. Se esperaba un diccionario, pero se ha recibido {type}.',
  ],
  ['Invalid data. Expected a dictionary.', 'Datos no válidos. Se esperaba un diccionario.'],
  ['"{v}" is not a valid choice.', '"{v}" no es una opción válida.'],
  [
    'Select a valid choice. {v} is not one of the available choices.',
    'Seleccione una opción válida. {v} no es una de las opciones disponibles.',
  ],
  ['Invalid ordering field "{v}".', 'Campo de ordenación no válido: "{v}".'],
  [
    'Invalid ordering field "{v}". Use one of: {keys} (prefix - for descending).',
    'Campo de ordenación no válido: "{v}". Use uno de estos: {keys} (con - delante, orden descendente).',
  ],
  // The query-parameter vocabulary (lib/query-params.ts QUERY_MESSAGES); 'Invalid date' as the spec words it.
  ['Invalid date', 'Fecha no válida'],
  ['Must be on or before {field:id}.', 'Debe ser igual o anterior a {field}.'],
  ['Unknown filter.', 'Filtro desconocido.'],
  ['Invalid value.', 'Valor no válido.'],
  ['Null characters are not allowed.', 'No se admiten caracteres nulos.'],
  ['A number is out of range.', 'Un número está fuera de rango.'],
  ['A date is out of range.', 'Una fecha está fuera de rango.'],
  ['A value is too long.', 'Un valor es demasiado largo.'],
  ['An object with this value already exists.', 'Ya existe un elemento con este valor.'],
  ['Invalid pk "{v}" - object does not exist.', 'Identificador "{v}" no válido: el elemento no existe.'],
  ['This object is still in use.', 'Este elemento todavía está en uso.'],
  ['The input is too complex.', 'Los datos son demasiado complejos.'],
  ['Request body is too large.', 'La petición es demasiado grande.'],
  ['JSON parse error - {m}', 'Error al leer el JSON: {m}'],
  ['Unsupported media type "{t}" in request.', 'Tipo de contenido "{t}" no admitido en la petición.'],
  ['URL too long.', 'La URL es demasiado larga.'],
  ['Malformed URL.', 'La URL no es válida.'],
  ['Send the field to change.', 'Envíe el campo que quiere cambiar.'],
  [
    'Send one of the fields client_code, project or hide.',
    'Envíe uno de los campos client_code, project o hide.',
  ],
  ['A team with this name already exists.', 'Ya existe un equipo con este nombre.'],
  ['A project with this name already exists.', 'Ya existe un proyecto con este nombre.'],
  ['A template with this name already exists.', 'Ya existe una plantilla con este nombre.'],
  [
    'This shipment has no custom form: neither its own nor a company default.',
    'Este envío no tiene formulario personalizado: ni propio ni uno predeterminado de la empresa.',
  ],
  [
    'Too many shipments to export ({n:int}); narrow the filters (at most {max:int}).',
    'Demasiados envíos para exportar ({n}); restrinja los filtros (como máximo {max}).',
  ],
  [
    'Too many tracking requests to export ({n:int}); narrow the filters (at most {max:int}).',
    'Demasiadas solicitudes de seguimiento para exportar ({n}); restrinja los filtros (como máximo {max}).',
  ],
];

/** Code types and statuses, as they appear inside other texts (lower case, mid-sentence). */
const TERMS: Template[] = [
  ['Container number', 'número de contenedor'],
  ['Booking number', 'número de reserva'],
  ['B/L number', 'número de B/L'],
  ['container number', 'número de contenedor'],
  ['booking number', 'número de reserva'],
  ['b/l number', 'número de B/L'],
  ['invalid', 'no válida'],
  ['new', 'nueva'],
  ['on going', 'en curso'],
  ['pending archiving', 'pendiente de archivar'],
  ['archived', 'archivada'],
  ['pending cancelling', 'pendiente de cancelar'],
  ['cancelled', 'cancelada'],
];

/** Tracking requests: form and list refusals (services/tracking-requests, routes/tracking-requests). */
const TRACKING_REQUESTS: Template[] = [
  [
    'Container numbers feature 4 uppercase letters followed by 7 digits.',
    'Los números de contenedor tienen 4 letras mayúsculas seguidas de 7 dígitos.',
  ],
  ['Required input: Container.', 'Dato obligatorio: Contenedor.'],
  [
    '{v} is not a valid container number: its check digit (the last digit) should be {d:int} (ISO 6346).',
    '{v} no es un número de contenedor válido: su dígito de control (el último) debería ser {d} (ISO 6346).',
  ],
  [
    'Enter a valid booking or B/L number: 3 to 35 letters, digits or hyphens.',
    'Introduzca un número de reserva o de B/L válido: de 3 a 35 letras, dígitos o guiones.',
  ],
  ['{carrier} does not support tracking by {ct:ct}.', '{carrier} no permite el seguimiento por {ct:t}.'],
  [
    'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
    'La fecha tiene un formato incorrecto. Use el formato AAAA-MM-DD.',
  ],
  [
    'A tracking request for this carrier and {ct:ct} already exists (id {id:int}).',
    'Ya existe una solicitud de seguimiento para esta naviera y este {ct:t} (id {id}).',
  ],
  [
    'Your company has reached its limit of {max:int} active tracking requests ({actual:int} in use). ' +
      'Archive or cancel some, or ask for a higher limit.',
    'Su empresa ha alcanzado su límite de {max} solicitudes de seguimiento activas ({actual} en uso). ' +
      'Archive o cancele alguna, o pida un límite mayor.',
  ],
  [
    'Your company can add {n:int} more active tracking requests (limit {max:int}, {actual:int} in use), not {adding:int}.',
    'Su empresa puede añadir {n} solicitudes de seguimiento activas más (límite {max}, {actual} en uso), no {adding}.',
  ],
  [
    'This field cannot be changed while the request is {status}.',
    'Este campo no se puede cambiar en una solicitud {status:t}.',
  ],
  ['A request that is {status} cannot be archived.', 'Una solicitud {status:t} no se puede archivar.'],
  ['A request that is {status} cannot be cancelled.', 'Una solicitud {status:t} no se puede cancelar.'],
  [
    'This request cannot be archived yet: some of its shipments are still being tracked.',
    'Esta solicitud todavía no se puede archivar: algunos de sus envíos siguen en seguimiento.',
  ],
  [
    'This request cannot be cancelled: all its shipments have finished; archive it instead.',
    'Esta solicitud no se puede cancelar: todos sus envíos han terminado; archívela.',
  ],
  [
    'Only an invalid request can be retried; this one is {status}.',
    'Solo se puede reintentar una solicitud no válida; esta está {status:t}.',
  ],
  ['Only an invalid request can be retried.', 'Solo se puede reintentar una solicitud no válida.'],
  // Warnings of invalid requests (tracking/engine/poll.ts), kept in the request's `warnings`.
  [
    '{carrier} refused the {ct:ct} {value} (HTTP {status:int}). Check the number and the carrier, then retry.',
    '{carrier} ha rechazado el {ct:t} {value} (HTTP {status}). Compruebe el número y la naviera y vuelva a intentarlo.',
  ],
  [
    '{carrier} does not know the {ct:ct} {value}. Check the number and the carrier, then retry.',
    '{carrier} no reconoce el {ct:t} {value}. Compruebe el número y la naviera y vuelva a intentarlo.',
  ],
  ['No DCSA endpoint is configured for {scac}.', 'No hay ninguna conexión DCSA configurada para {scac}.'],
];

/** Bulk upload of tracking requests (routes/bulk-import). */
const BULK_IMPORT: Template[] = [
  ['The file is empty.', 'El archivo está vacío.'],
  [
    'You already have {n:int} uploads in progress. Wait for one of them to finish and send this file again.',
    'Ya tiene {n} cargas en curso. Espere a que termine alguna y vuelva a enviar este archivo.',
  ],
  [
    'The file is not a spreadsheet: upload an .xlsx or .csv file made from the template.',
    'El archivo no es una hoja de cálculo: suba un archivo .xlsx o .csv hecho a partir de la plantilla.',
  ],
  [
    'The file is not a valid .xlsx workbook: save it again from your spreadsheet program, or as .csv.',
    'El archivo no es un libro .xlsx válido: vuelva a guardarlo desde su programa de hojas de cálculo, o como .csv.',
  ],
  [
    'Old Excel (.xls) files are not supported: save the file as .xlsx or .csv.',
    'No se admiten los archivos de Excel antiguos (.xls): guarde el archivo como .xlsx o .csv.',
  ],
  [
    'The file is larger than {n:num} MB: split it into smaller files.',
    'El archivo ocupa más de {n:n} MB: divídalo en archivos más pequeños.',
  ],
  [
    'The file has no tracking requests: fill in the rows under the header row.',
    'El archivo no tiene solicitudes de seguimiento: rellene las filas debajo de la fila de cabecera.',
  ],
  [
    'The file has {n:int} rows; at most {max:int} can be imported at once.',
    'El archivo tiene {n} filas; como máximo se pueden importar {max} de una vez.',
  ],
  [
    'The file has more than {n:int} rows; at most {max:int} can be imported at once.',
    'El archivo tiene más de {n} filas; como máximo se pueden importar {max} de una vez.',
  ],
  [
    'The workbook is too large once unpacked (or takes too long to read): keep only the template sheet, ' +
      'split it into smaller files, or save it as .csv.',
    'El libro es demasiado grande una vez descomprimido (o tarda demasiado en leerse): deje solo la hoja de la ' +
      'plantilla, divídalo en archivos más pequeños o guárdelo como .csv.',
  ],
  [
    "Missing columns: {missing}. Unknown columns: {unknown}. Use the template's columns: {columns}.",
    'Faltan columnas: {missing}. Columnas desconocidas: {unknown}. Use las columnas de la plantilla: {columns}.',
  ],
  [
    "Missing columns: {missing}. Use the template's columns: {columns}.",
    'Faltan columnas: {missing}. Use las columnas de la plantilla: {columns}.',
  ],
  [
    "Unknown columns: {unknown}. Use the template's columns: {columns}.",
    'Columnas desconocidas: {unknown}. Use las columnas de la plantilla: {columns}.',
  ],
  ['The column {name} appears twice.', 'La columna {name} aparece dos veces.'],
  [
    'Send the file as multipart/form-data (for example in a field named "file").',
    'Envíe el archivo como multipart/form-data (por ejemplo, en un campo llamado "file").',
  ],
  [
    'No file was sent: attach an .xlsx or .csv file.',
    'No se ha enviado ningún archivo: adjunte un archivo .xlsx o .csv.',
  ],
  [
    'Too many parts in the upload: send one file.',
    'La subida tiene demasiadas partes: envíe un solo archivo.',
  ],
  [
    'The upload could not be read: send the file again as multipart/form-data.',
    'No se ha podido leer la subida: vuelva a enviar el archivo como multipart/form-data.',
  ],
  [
    'Unknown carrier "{c}": use a SCAC (e.g. MAEU) or a carrier name.',
    'Naviera desconocida "{c}": use un SCAC (p. ej., MAEU) o el nombre de una naviera.',
  ],
  [
    '"{v}" is not a valid choice: use c_id, b_id or m_bl.',
    '"{v}" no es una opción válida: use c_id, b_id o m_bl.',
  ],
  ['Unknown project "{p}".', 'Proyecto desconocido "{p}".'],
  [
    'Duplicate of row {n:int} (same carrier, code type and code value).',
    'Duplicado de la fila {n} (misma naviera, tipo de código y código).',
  ],
  [
    '{n:int} of {total:int} rows have errors; nothing was imported. Correct them and upload the file again.',
    '{n} de {total} filas tienen errores; no se ha importado nada. Corríjalas y vuelva a subir el archivo.',
  ],
  [
    '{n:int} of {total:int} rows have errors; nothing was imported.',
    '{n} de {total} filas tienen errores; no se ha importado nada.',
  ],
  // A row's message: 'column: message' (the column as in the file's header row).
  ['{column:id}: {message}', '{column}: {message:t}'],
];

/** Alert messages (tracking/derive/alerts.ts, codes 901-907), stored in English and rendered when read. */
const ALERTS: Template[] = [
  [
    'Vessel change on leg {n:int} ({from} to {to}): {old} replaced by {new}',
    'Cambio de buque en el tramo {n} ({from} a {to}): {old:t} sustituido por {new:t}',
  ],
  [
    'Rolled over at {port}: not loaded on {old}; now on {new}',
    'Roll-over en {port}: no cargado en {old:t}; ahora en {new:t}',
  ],
  ['{name} (IMO {imo}) voyage {voyage}', '{name} (IMO {imo}) viaje {voyage}'],
  ['an unknown vessel', 'un buque desconocido'],
  [
    'ETA at POD moved by {n:num} days ({from:date} to {to:date})',
    'ETA en POD movida {n:days} ({from} a {to})',
  ],
  [
    'Transshipment dwell at {port} over {n:num} days ({d:num} days)',
    'Estancia en transbordo en {port} por encima de {n:days} ({d:days})',
  ],
  ['Port omitted: {port} is no longer called at', 'Puerto omitido: ya no se hace escala en {port}'],
  [
    'No carrier update for {n:num} days (last on {d:date})',
    'Sin actualización de la naviera en {n:days} (la última el {d})',
  ],
  [
    'Arrival at POD predicted on {d:date}, after the contractual ETA {c:date}',
    'Llegada a POD prevista el {d}, posterior a la ETA contractual {c}',
  ],
];

/** Reference data and derived texts: POD time-of-arrival warning, carrier quality notes, container types. */
const DERIVED: Template[] = [
  ['good', 'bueno'],
  ['low risk warning', 'aviso de riesgo bajo'],
  ['high risk warning', 'aviso de riesgo alto'],
  ['unknown', 'desconocido'],
  [
    'There is no contractual ETA at POD to compare with.',
    'No hay ETA contractual en POD con la que comparar.',
  ],
  ['Unknown: no contractual ETA at POD.', 'Desconocido: no hay ETA contractual en POD.'],
  [
    'There is neither an arrival, a prediction nor a carrier ETA at POD yet.',
    'Todavía no hay llegada, predicción ni ETA de la naviera en POD.',
  ],
  ['Unknown: no arrival estimate yet.', 'Desconocido: todavía no hay una estimación de llegada.'],
  ['The vessel arrives at POD by the contractual ETA.', 'El buque llega a POD dentro de la ETA contractual.'],
  [
    'The vessel is expected by the contractual ETA, with a risk of arriving later.',
    'Se espera el buque dentro de la ETA contractual, con riesgo de que llegue más tarde.',
  ],
  [
    'The vessel arrives at POD after the contractual ETA.',
    'El buque llega a POD después de la ETA contractual.',
  ],
  ['Arrived', 'Llegada'],
  ['Predicted arrival', 'Llegada prevista'],
  ['Carrier ETA', 'ETA de la naviera'],
  [
    '{what} {d:date} is {n:num} days after the contractual ETA {c:date}.',
    '{what:t} el {d}: {n:days} después de la ETA contractual {c}.',
  ],
  [
    '{what} {d:date} is on time, but it may be up to {n:num} days after the contractual ETA {c:date}.',
    '{what:t} el {d}: a tiempo, pero puede ser hasta {n:days} después de la ETA contractual {c}.',
  ],
  [
    '{what} {d:date} is not after the contractual ETA {c:date}.',
    '{what:t} el {d}: no es posterior a la ETA contractual {c}.',
  ],
  // last_coordinates.warnings (derive.ts).
  ['estimated from the schedule', 'estimada a partir del itinerario'],
  // Carrier quality notes (migration 0002).
  [
    'Full DCSA coverage; events usually within the hour.',
    'Cobertura DCSA completa; los eventos suelen llegar en menos de una hora.',
  ],
  [
    'Good coverage; estimated times sometimes late.',
    'Buena cobertura; las horas estimadas llegan a veces tarde.',
  ],
  ['Good coverage.', 'Buena cobertura.'],
  ['Full DCSA coverage.', 'Cobertura DCSA completa.'],
  ['Transshipment events occasionally missing.', 'A veces faltan eventos de transbordo.'],
  [
    'Bookings and B/Ls are only tracked per container: container number submission is needed.',
    'Las reservas y los B/L solo se siguen por contenedor: es necesario enviar el número de contenedor.',
  ],
  ['No tracking by booking number.', 'Sin seguimiento por número de reserva.'],
  [
    'B/L tracking needs the containers: container number submission is needed.',
    'El seguimiento por B/L necesita los contenedores: es necesario enviar el número de contenedor.',
  ],
  // Container types (derive.ts containerTypeText: "40' high cube general purpose").
  ['{len:len} high cube {kind:kind}', '{kind:cap} high cube de {len}'],
  ['{len:len} {kind:kind}', '{kind:cap} de {len}'],
  ['general purpose', 'contenedor estándar'],
  ['reefer', 'contenedor refrigerado'],
  ['open top', 'contenedor open top'],
  ['flat rack', 'flat rack'],
  ['tank', 'contenedor cisterna'],
  ['bulk', 'contenedor para graneles'],
  ['ventilated', 'contenedor ventilado'],
  ['named cargo', 'contenedor para carga específica'],
  ['insulated', 'contenedor aislado'],
  ['container', 'contenedor'],
];

/** API keys and webhooks: services/api-keys, routes/api-keys, routes/webhooks, services/webhooks. */
const INTEGRATION: Template[] = [
  ['Invalid API key.', 'Clave de API no válida.'],
  ['An API key cannot be used for this call.', 'Esta llamada no admite claves de API.'],
  [
    'Request was throttled. Expected available in {n:int} seconds.',
    'Demasiadas llamadas. Podrá volver a llamar dentro de {n} segundos.',
  ],
  ['An active key with this name already exists.', 'Ya existe una clave activa con este nombre.'],
  [
    'A company can have at most {n:int} active keys. Revoke one first.',
    'Una empresa puede tener como máximo {n} claves activas. Revoque una antes.',
  ],
  [
    'A company can have at most {n:int} webhook endpoints.',
    'Una empresa puede tener como máximo {n} webhooks.',
  ],
  [
    'Enter a valid date and time (ISO 8601), e.g. 2026-11-24T08:00:00Z.',
    'Introduzca una fecha y hora válidas (ISO 8601), por ejemplo 2026-11-24T08:00:00Z.',
  ],
  ['An endpoint with this URL already exists.', 'Ya existe un webhook con esta URL.'],
  ['Enter a valid URL.', 'Introduzca una URL válida.'],
  ['The URL must start with https://.', 'La URL debe empezar por https://.'],
  [
    'The URL must not contain a user name or password.',
    'La URL no debe contener un nombre de usuario ni una contraseña.',
  ],
  [
    'This address is private or local: webhooks must reach a public address.',
    'Esta dirección es privada o local: los webhooks deben llegar a una dirección pública.',
  ],
  ['The host name of this URL cannot be resolved.', 'No se encuentra el nombre de servidor de esta URL.'],
  ['This API key has expired.', 'Esta clave de API ha caducado.'],
  [
    'This API key is suspended: its owner is no longer an active manager. A manager can take it over on the integrations page.',
    'Esta clave de API está suspendida: su titular ya no es un responsable activo. Otro responsable puede hacerse cargo de ella en la página de integraciones.',
  ],
  ['The expiry must be in the future.', 'La caducidad debe ser una fecha futura.'],
  [
    'The expiry must be at most {n:int} years ahead.',
    'La caducidad puede estar como máximo a {n} años vista.',
  ],
  [
    'This key is revoked: it cannot be changed or taken over.',
    'Esta clave está revocada: no se puede cambiar ni hacerse cargo de ella.',
  ],
];

/** Carrier detection from a number (services/carrier-detection, routes/carrier-detection). */
const CARRIER_DETECTION: Template[] = [
  ['Several carriers use this prefix: pick one.', 'Varias navieras usan este prefijo: elija una.'],
  [
    'No carrier recognised from this number: pick one.',
    'No se reconoce ninguna naviera a partir de este número: elija una.',
  ],
  [
    'Enter the four letters of the prefix (A to Z).',
    'Introduzca las cuatro letras del prefijo (de la A a la Z).',
  ],
  [
    'Your company already maps this prefix; delete that mapping first.',
    'Su empresa ya asigna este prefijo; elimine antes esa asignación.',
  ],
  [
    'A company can have at most {n:int} carrier prefix overrides.',
    'Una empresa puede tener como máximo {n} asignaciones de prefijo a naviera.',
  ],
];

/** Calendar feeds: services/calendar-feeds/feeds.ts. */
const CALENDAR_FEEDS: Template[] = [
  [
    'You can have at most {n:int} active calendar feeds. Revoke one first.',
    'Puede tener como máximo {n} calendarios activos. Revoque uno antes.',
  ],
  ['Unknown project.', 'Proyecto desconocido.'],
  ['Unknown saved filter.', 'Filtro guardado desconocido.'],
  ['Only used with scope "{v}".', 'Solo se usa con el alcance "{v}".'],
];

/** Tracking links: services/share-links/links.ts. */
const SHARE_LINKS: Template[] = [
  [
    'A shipment can have at most {n:int} active tracking links. Revoke one first.',
    'Un envío puede tener como máximo {n} enlaces de seguimiento activos. Revoque uno antes.',
  ],
];

/** Send now of an export template: routes/export-templates. */
const SEND_NOW: Template[] = [
  [
    'The report could not be sent now; it will be sent again in a few minutes.',
    'No se ha podido enviar el informe ahora; se volverá a enviar en unos minutos.',
  ],
  ['E-mail is not configured on this server.', 'El correo electrónico no está configurado en este servidor.'],
];

/** Free-time rules (demurrage and detention): services/free-time-rules, routes/free-time-rules. */
const FREE_TIME_RULES: Template[] = [
  [
    'Required when demurrage and detention are separate.',
    'Obligatorio cuando la demora y la detención se cuentan por separado.',
  ],
  ['Required when the free time is combined.', 'Obligatorio cuando el tiempo libre es combinado.'],
  [
    'Leave this field empty when demurrage and detention are separate.',
    'Deje este campo vacío cuando la demora y la detención se cuentan por separado.',
  ],
  [
    'Leave this field empty when the free time is combined.',
    'Deje este campo vacío cuando el tiempo libre es combinado.',
  ],
  ['At most {n:int} tiers.', 'Como máximo {n} tramos.'],
  ['Tier 1: the first tier starts at day 1.', 'Tramo 1: el primer tramo empieza el día 1.'],
  [
    'Tier {n:int}: days are whole numbers from 1 to {max:int}.',
    'Tramo {n}: los días son números enteros del 1 al {max}.',
  ],
  ['Tier {n:int}: the last day is before the first day.', 'Tramo {n}: el último día es anterior al primero.'],
  [
    'Tier {n:int}: starts at day {from:int}, but the previous tier ends at day {to:int} (the tiers overlap).',
    'Tramo {n}: empieza el día {from}, pero el tramo anterior termina el día {to} (los tramos se solapan).',
  ],
  [
    'Tier {n:int}: starts at day {from:int}, but the previous tier ends at day {to:int} (the days between have no rate).',
    'Tramo {n}: empieza el día {from}, pero el tramo anterior termina el día {to} (los días intermedios no tienen tarifa).',
  ],
  [
    'Tier {n:int}: only the last tier can be open-ended.',
    'Tramo {n}: solo el último tramo puede quedar abierto.',
  ],
  [
    'Tier {n:int}: the last tier must be open-ended (leave its last day empty).',
    'Tramo {n}: el último tramo debe quedar abierto (deje vacío su último día).',
  ],
  ['Tier {n:int}: the rate cannot be negative.', 'Tramo {n}: la tarifa no puede ser negativa.'],
  ['Tier {n:int}: the rate must be at most {max:int}.', 'Tramo {n}: la tarifa debe ser como máximo {max}.'],
  ['Tier {n:int}: the rate must be a number.', 'Tramo {n}: la tarifa debe ser un número.'],
  [
    '"{c}" is not an ISO 4217 currency code (e.g. EUR, USD).',
    '"{c}" no es un código de moneda ISO 4217 (p. ej., EUR, USD).',
  ],
  [
    'Unknown port "{p}": use the UN/LOCODE of a port (e.g. ESVLC).',
    'Puerto desconocido "{p}": use el UN/LOCODE de un puerto (p. ej., ESVLC).',
  ],
  [
    '"{t}" is not a container type: use one of {list}.',
    '"{t}" no es un tipo de contenedor: use uno de {list}.',
  ],
  [
    'A rule for this carrier, port and container type already exists.',
    'Ya existe una regla para esta naviera, puerto y tipo de contenedor.',
  ],
  [
    'A company can have at most {n:int} free-time rules.',
    'Una empresa puede tener como máximo {n} reglas de tiempo libre.',
  ],
  [
    'SCAC of the carrier (e.g. MAEU) or its name; empty: any carrier.',
    'SCAC de la naviera (p. ej., MAEU) o su nombre; vacío: cualquier naviera.',
  ],
  [
    'UN/LOCODE of the port of discharge (e.g. ESVLC); empty: any port.',
    'UN/LOCODE del puerto de descarga (p. ej., ESVLC); vacío: cualquier puerto.',
  ],
  [
    'Container size/type: {list}; empty: any type.',
    'Tamaño/tipo de contenedor: {list}; vacío: cualquier tipo.',
  ],
  [
    'separate: demurrage and detention counted apart; combined: one free time from discharge to empty return.',
    'separate: la demora y la detención se cuentan por separado; combined: un único tiempo libre desde la ' +
      'descarga hasta la devolución del vacío.',
  ],
  [
    'Free days at the terminal (separate mode), 0 to 365.',
    'Días libres en la terminal (modo separate), de 0 a 365.',
  ],
  [
    'Free days to return the empty (separate mode), 0 to 365.',
    'Días libres para devolver el vacío (modo separate), de 0 a 365.',
  ],
  [
    'Free days from discharge to empty return (combined mode), 0 to 365.',
    'Días libres desde la descarga hasta la devolución del vacío (modo combined), de 0 a 365.',
  ],
  [
    "calendar or working (working days skip the weekend of the port's country); empty: calendar.",
    'calendar (naturales) o working (laborables: sin el fin de semana del país del puerto); vacío: calendar.',
  ],
  [
    'event_day: the first free day is the discharge day; next_day: the day after; empty: event_day.',
    'event_day: el primer día libre es el día de la descarga; next_day: el día siguiente; vacío: event_day.',
  ],
  [
    'gate_out: demurrage stops at the full gate-out; delivery: at the delivery; empty: gate_out.',
    'gate_out: la demora termina con la salida del contenedor lleno de la terminal; delivery: con la entrega; ' +
      'vacío: gate_out.',
  ],
  [
    'event_day: the first free day is the gate-out day; next_day: the day after; empty: event_day.',
    'event_day: el primer día libre es el día de salida de la terminal; next_day: el día siguiente; vacío: event_day.',
  ],
  [
    'Demurrage rate per day over free time, e.g. 1-5: 75; 6-10: 100; 11+: 150 (empty: no charge).',
    'Tarifa de demora por día fuera del tiempo libre, p. ej. 1-5: 75; 6-10: 100; 11+: 150 (vacío: sin cargo).',
  ],
  [
    'Detention rate per day over free time, in the same form.',
    'Tarifa de detención por día fuera del tiempo libre, de la misma forma.',
  ],
  [
    'Rate per day over the combined free time, in the same form.',
    'Tarifa por día fuera del tiempo libre combinado, de la misma forma.',
  ],
  ['ISO 4217 code of the rates (EUR, USD…).', 'Código ISO 4217 de las tarifas (EUR, USD…).'],
  [
    'This file is not the free-time rules template: the header row of its first sheet must have the columns {columns}. Export the rules to get the template.',
    'Este archivo no es la plantilla de reglas de tiempo libre: la fila de cabecera de su primera hoja debe tener ' +
      'las columnas {columns}. Exporte las reglas para obtener la plantilla.',
  ],
  [
    'The file is not an .xlsx workbook: export the rules, edit the file and upload it as .xlsx.',
    'El archivo no es un libro .xlsx: exporte las reglas, edite el archivo y súbalo como .xlsx.',
  ],
  [
    'The file has no rules: fill in the rows under the header row.',
    'El archivo no tiene reglas: rellene las filas debajo de la fila de cabecera.',
  ],
  [
    'Write the tiers as "1-5: 75; 6-10: 100; 11+: 150" (days over free time: rate per day).',
    'Escriba los tramos así: "1-5: 75; 6-10: 100; 11+: 150" (días fuera del tiempo libre: tarifa por día).',
  ],
  ['Not a valid value "{v}": use one of {options}.', 'Valor no válido "{v}": use uno de {options}.'],
  [
    'Same carrier, port and container type as row {n:int}.',
    'Misma naviera, puerto y tipo de contenedor que la fila {n}.',
  ],
  ['Instructions', 'Instrucciones'],
  ['Free-time rules', 'Reglas de tiempo libre'],
  ['Column', 'Columna'],
  ['What to write', 'Qué escribir'],
  [
    'Every row is checked first; nothing is saved unless the whole file is valid. The most specific rule wins (carrier 4 points, port 2, container type 1).',
    'Cada fila se comprueba antes; no se guarda nada si el archivo entero no es válido. Gana la regla más ' +
      'específica (naviera 4 puntos, puerto 2, tipo de contenedor 1).',
  ],
  ['No file was sent: attach the .xlsx file.', 'No se ha enviado ningún archivo: adjunte el archivo .xlsx.'],
];

export const TEMPLATES: readonly Template[] = [
  ...FREE_TIME_RULES,
  ...SEND_NOW,
  ...GENERIC,
  ...TERMS,
  ...TRACKING_REQUESTS,
  ...BULK_IMPORT,
  ...ALERTS,
  ...DERIVED,
  ...INTEGRATION,
  ...CALENDAR_FEEDS,
  ...SHARE_LINKS,
  ...CARRIER_DETECTION,
];
