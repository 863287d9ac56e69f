// The 'lists' i18n namespace: texts of the list building blocks, registered when this entry point loads.
import { registerNamespace, type Translation } from '../i18n/add-resource-namespace';

export const LISTS_NS = 'lists';

const en = {
  tagInput: {
    // Word for word from the specification (section 5).
    containerFormat: 'Container numbers feature 4 uppercase letters followed by 7 digits.',
    checkDigit: '{{container}}: the check digit should be {{expected}}. Check the number.',
    remove: 'Remove {{tag}}',
    hint: 'Press Enter, comma or space after each one.',
  },
  dateRange: {
    after: 'From',
    before: 'To',
    invalid: 'Invalid date',
    placeholder: 'YYYY-MM-DD',
  },
  columns: {
    title: 'Pick the columns you want to show',
    selectAll: 'Select all',
    reset: 'Reset',
    save: 'Save',
    alwaysShown: 'always shown',
  },
  filters: {
    reset: 'Reset Filters',
    configureColumns: 'Configure Columns',
  },
  // The shipment status texts of spec section 4, which the API sends in English (see shipmentStatus.ts).
  shipmentStatus: {
    waiting_for_pickup: 'Waiting for pickup',
    land_transport_to_pol: 'Land transport to POL',
    in_pol_terminal: 'In POL terminal',
    waiting_for_departure_from_pol: 'Waiting for departure from POL',
    ocean_transport_from_pol: 'Ocean transport from POL',
    in_transshipment: 'In transshipment',
    ocean_transport_to_pod: 'Ocean transport to POD',
    waiting_for_discharge_at_pod: 'Waiting for discharge at POD',
    in_pod_terminal: 'In POD terminal',
    land_transport_to_place_of_delivery: 'Land transport to Place of Delivery',
    delivered: 'Delivered',
    delivered_returning_container: 'Delivered; returning container',
    returning_container: 'Returning container',
    completed: 'Completed',
    initializing: 'Initializing',
    unknown: 'Unknown',
  },
};

const es: Translation<typeof en> = {
  tagInput: {
    containerFormat: 'Los números de contenedor tienen 4 letras mayúsculas seguidas de 7 dígitos.',
    checkDigit: '{{container}}: el dígito de control debería ser {{expected}}. Revise el número.',
    remove: 'Quitar {{tag}}',
    hint: 'Pulse Intro, coma o espacio después de cada uno.',
  },
  dateRange: {
    after: 'Desde',
    before: 'Hasta',
    invalid: 'Fecha no válida',
    placeholder: 'AAAA-MM-DD',
  },
  columns: {
    title: 'Elija las columnas que quiere ver',
    selectAll: 'Seleccionar todas',
    reset: 'Restablecer',
    save: 'Guardar',
    alwaysShown: 'siempre visible',
  },
  filters: {
    reset: 'Restablecer filtros',
    configureColumns: 'Configurar columnas',
  },
  shipmentStatus: {
    waiting_for_pickup: 'Esperando la recogida',
    land_transport_to_pol: 'Transporte terrestre a POL',
    in_pol_terminal: 'En la terminal de POL',
    waiting_for_departure_from_pol: 'Esperando la salida de POL',
    ocean_transport_from_pol: 'Transporte marítimo desde POL',
    in_transshipment: 'En transbordo',
    ocean_transport_to_pod: 'Transporte marítimo a POD',
    waiting_for_discharge_at_pod: 'Esperando la descarga en POD',
    in_pod_terminal: 'En la terminal de POD',
    land_transport_to_place_of_delivery: 'Transporte terrestre al lugar de entrega',
    delivered: 'Entregado',
    delivered_returning_container: 'Entregado; devolviendo el contenedor',
    returning_container: 'Devolviendo el contenedor',
    completed: 'Completado',
    initializing: 'Iniciando',
    unknown: 'Desconocido',
  },
};

export const listsResources = registerNamespace(LISTS_NS, en, es);
