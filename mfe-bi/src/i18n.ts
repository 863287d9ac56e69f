// The 'bi' i18n namespace, shipped and registered by this remote. Metric, category, dataset and label texts come
// from the API in both languages (GET bi/); these are the page's own texts.
import i18next from 'i18next';
import { addResourceNamespace } from '@portal/shared-ui';

export const NS = 'bi';

export const resources = {
  en: {
    title: 'Business intelligence',
    subtitle: 'Charts and tables on your containers, updated live from the tracking data',
    category: 'Category',
    metric: 'Metric',
    carrier: 'Carrier',
    allCarriers: 'All carriers',
    pol: 'POL',
    pod: 'POD',
    portHint: 'UN/LOCODE or name',
    createdRange: 'Created',
    update: 'Update',
    export: 'Export',
    reset: 'Reset',
    noResults: '0 Results to show',
    loading: 'Loading chart',
    total: 'Total: {{total}}',
    rows_one: '{{count}} row',
    rows_other: '{{count}} rows',
    drillHint: 'Click a bar to open those shipments in the list.',
    loadFailed: 'The metrics could not be loaded.',
    chartLabel: 'Chart: {{metric}}',
    filters: 'Filters',
    internal: 'internal',
    units: { count: 'Containers', percent: '%', days: 'Days', hours: 'Hours' },
    health: { ontrack: 'On track', delayed: 'Later than expected', alerted: 'Attention required' },
    place: { POL: 'POL', TSP: 'Transshipment', POD: 'POD' },
  },
  es: {
    title: 'Inteligencia de negocio',
    subtitle: 'Gráficos y tablas de sus contenedores, al día con los datos de seguimiento',
    category: 'Categoría',
    metric: 'Métrica',
    carrier: 'Naviera',
    allCarriers: 'Todas las navieras',
    pol: 'POL',
    pod: 'POD',
    portHint: 'UN/LOCODE o nombre',
    createdRange: 'Fecha de creación',
    update: 'Actualizar',
    export: 'Exportar',
    reset: 'Restablecer',
    noResults: '0 resultados para mostrar',
    loading: 'Cargando gráfico',
    total: 'Total: {{total}}',
    rows_one: '{{count}} fila',
    rows_other: '{{count}} filas',
    drillHint: 'Pulse una barra para abrir esos envíos en la lista.',
    loadFailed: 'No se pudieron cargar las métricas.',
    chartLabel: 'Gráfico: {{metric}}',
    filters: 'Filtros',
    internal: 'interna',
    units: { count: 'Contenedores', percent: '%', days: 'Días', hours: 'Horas' },
    health: { ontrack: 'En tiempo', delayed: 'Más tarde de lo previsto', alerted: 'Requiere atención' },
    place: { POL: 'POL', TSP: 'Transbordo', POD: 'POD' },
  },
};

addResourceNamespace(i18next, NS, resources);
