// The 'config' i18n namespace, shipped and registered by this remote.
import { registerNamespace, type Translation } from '@portal/shared-ui';
import { calendarEn, calendarEs } from './features/calendar/texts';
import { freeTimeWarningEn, freeTimeWarningEs } from './features/user/free-time-texts';
import { integrationsEn, integrationsEs } from './features/integrations/texts';
import { freeTimeEn, freeTimeEs } from './features/free-time/texts';
import { carrierPrefixesEn, carrierPrefixesEs } from './features/carrier-prefixes/texts';

export const NS = 'config';

const en = {
  integrations: integrationsEn,
  freeTime: freeTimeEn,
  carrierPrefixes: carrierPrefixesEn,
  calendar: calendarEn,
  freeTimeWarning: freeTimeWarningEn,
  userConfig: {
    title: 'Personal settings',
    subtitle: 'Your name, the alerts the portal shows you and the alerts your e-mail report sends.',
    personal: 'Personal info',
    username: 'Username',
    email: 'E-mail',
    readOnly: 'Cannot be changed here',
    firstName: 'First name',
    lastName: 'Last name',
    savePersonal: 'Save personal info',
    portalTitle: 'Alerts in the portal',
    portalIntro:
      'These settings decide which shipments the dashboard counts as “Later than expected” or “Attention required”, and the health shown in the lists.',
    emailTitle: 'E-mail report',
    emailIntro:
      'The e-mail report (alert digest) uses its own copy of the settings below, so you can be told by e-mail about fewer or more shipments than the portal shows.',
    reportEmails: 'Send the report to',
    reportEmailsHint: 'Type an address and press space or Enter. Leave empty to receive no report.',
    emailLanguage: 'Language of the report',
    emailLanguageHint: 'The e-mail report is written in this language, whatever language the portal shows.',
    emailLanguages: { es: 'Spanish', en: 'English' },
    sameAsPortal: 'Same as the portal',
    sameAsPortalHint: 'Copies the portal settings above into the report settings.',
    sameNow: 'The report uses the same settings as the portal.',
    differsNow: 'The report settings differ from the portal settings.',
    saveAlerts: 'Save alert settings',
    delayGroup: 'Arrival at the port of discharge (POD)',
    daysOfDelay: 'Days of delay',
    daysOfDelayHelp:
      '“Later than expected” when the arrival at POD is more than this many days after the first planned arrival.',
    daysInAdvance: 'Days in advance',
    daysInAdvanceHelp:
      'Also “Later than expected” when the arrival is more than this many days before the plan (shown and stored negative, e.g. -2).',
    attentionGroup: 'Attention required',
    attentionIntro:
      'A shipment needs attention when one of these happens. Leave a number empty to switch that check off.',
    codes: 'Alert events that need attention',
    codesHelp: 'A shipment with one of these events (not hidden) is marked “Attention required”.',
    codesChosen_one: '{{count}} event chosen',
    codesChosen_other: '{{count}} events chosen',
    risk: 'Arrival warning at POD',
    riskHelp:
      'Prediction that the vessel will reach POD after the contractual ETA. Low: warn on low and high risk; High: only high risk.',
    riskLevel: 'Warn from',
    riskNone: 'Do not warn',
    riskLow: 'Low',
    riskHigh: 'High',
    daysUnit: 'days',
    empty: 'Off',
    etaChange: 'E-mail me when an arrival moves by more than N hours',
    etaChangeHelp:
      'An e-mail within minutes when the ETA at POD or at delivery of a shipment moves by more than this many hours (1 to 720); several changes in one e-mail. Empty: no e-mail.',
    etaChangeGroup: 'Arrival changes',
    hoursUnit: 'hours',
    etaChangeNumbers: {
      number: 'Enter a whole number of hours, from 1 to 720 (e.g. 24).',
      min: 'The minimum is {{min}} hour.',
      max: 'The maximum is {{max}} hours.',
    },
    numbers: {
      number: 'Enter a whole number of days, 1 or more (e.g. 3).',
      min: 'The minimum is {{min}}.',
      max: 'The maximum is {{max}}.',
      advanceNumber: 'Enter a whole number of days before the plan, e.g. -2.',
      advanceMax: 'Enter a number of days other than 0; it is stored negative (e.g. -2).',
    },
    maxDays: {
      max_days_in_pol_planned_initial: 'Stay at the port of loading (POL), first plan',
      max_days_in_pol_planned_last: 'Stay at the port of loading (POL), latest plan',
      max_days_in_tsp: 'Days spent in transshipment',
      max_days_in_tsp_planned_initial: 'Transshipment stay, first plan',
      max_days_in_tsp_planned_last: 'Transshipment stay, latest plan',
      max_days_in_pod_planned_initial: 'Stay at the port of discharge (POD), first plan',
      max_days_in_pod_planned_last: 'Stay at the port of discharge (POD), latest plan',
      max_days_eta_pod_discrepancy: 'Arrival at POD after the contractual ETA',
      max_days_eta_dlv_discrepancy: 'Delivery after the contractual delivery date',
    },
    maxDaysHelp: {
      max_days_in_pol_planned_initial:
        'Days between arriving at POL and the vessel leaving, as first planned, are more than this.',
      max_days_in_pol_planned_last:
        'Days between arriving at POL and the vessel leaving, by the latest plan or what happened, are more than this.',
      max_days_in_tsp:
        'Days the container has really spent in transshipment ports (all of them, still counting).',
      max_days_in_tsp_planned_initial: 'Days in transshipment ports as first planned are more than this.',
      max_days_in_tsp_planned_last: 'Days in transshipment ports by the latest plan are more than this.',
      max_days_in_pod_planned_initial:
        'Days between the vessel arriving at POD and the container leaving, as first planned.',
      max_days_in_pod_planned_last:
        'Days between the vessel arriving at POD and the container leaving, by the latest plan.',
      max_days_eta_pod_discrepancy:
        'The ETA (or actual arrival) at POD is this many days later than the contractual ETA of the tracking request.',
      max_days_eta_dlv_discrepancy:
        'Delivery (planned or done) is this many days later than the contractual delivery date of the tracking request.',
    },
    codeGroups: {
      alert: 'Portal alerts',
      transport: 'Vessel events',
      equipment: 'Container events',
      shipment: 'Document and booking events',
      other: 'Other events',
    },
    minimumOne: 'At least 1 day, or empty',
    notZero: 'Cannot be 0',
  },
  groups: {
    name: 'Name',
    add: 'Add',
    create: 'Create',
    rename: 'Rename',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    edit: 'Edit',
    none: 'Nobody yet',
    searchUsers: 'Search by name, username or e-mail',
    noUsers: 'No user matches',
    remove: 'Remove {{name}}',
    confirmTitle: 'Delete “{{name}}”?',
    loading: 'Loading…',
  },
  teamsConfig: {
    title: 'Teams',
    subtitle: 'Groups of colleagues of your company.',
    meaning:
      'A team is a group of colleagues who follow the same projects. Coordinators run the team; members take part. On Projects, “Add team” subscribes every person of a team to a project at once, and each team here shows the projects its people follow.',
    empty: 'Your company has no teams yet.',
    newName: 'New team name',
    coordinators: 'Coordinators',
    members: 'Members',
    follows: 'Projects its people follow',
    followsNone: 'No project yet',
    confirmText: 'The team goes; its people and their project subscriptions stay.',
  },
  projectsConfig: {
    title: 'Projects',
    subtitle: 'Projects group tracking requests; their subscribers get the alert digest of their shipments.',
    empty: 'Your company has no projects yet.',
    newName: 'New project name',
    subscribers: 'Subscribers',
    addTeam: 'Add team',
    addTeamPlaceholder: 'Choose a team…',
    usage: 'In the lists',
    usageRequests_one: '{{count}} tracking request',
    usageRequests_other: '{{count}} tracking requests',
    usageShipments_one: '{{count}} shipment',
    usageShipments_other: '{{count}} shipments',
    showRequests: 'Tracking requests',
    showShipments: 'Shipments',
    confirmText: 'Its tracking requests and shipments stay, without a project.',
  },
};

const es: Translation<typeof en> = {
  integrations: integrationsEs,
  freeTime: freeTimeEs,
  carrierPrefixes: carrierPrefixesEs,
  calendar: calendarEs,
  freeTimeWarning: freeTimeWarningEs,
  userConfig: {
    title: 'Configuración personal',
    subtitle: 'Su nombre, las alertas que le muestra el portal y las que envía su informe por correo.',
    personal: 'Datos personales',
    username: 'Usuario',
    email: 'Correo electrónico',
    readOnly: 'No se puede cambiar aquí',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    savePersonal: 'Guardar datos personales',
    portalTitle: 'Alertas en el portal',
    portalIntro:
      'Estos ajustes deciden qué envíos cuenta el panel como «Más tarde de lo previsto» o «Requiere atención», y la salud que muestran las listas.',
    emailTitle: 'Informe por correo',
    emailIntro:
      'El informe por correo (resumen de alertas) usa su propia copia de los ajustes, para que el correo le avise de más o menos envíos que el portal.',
    reportEmails: 'Enviar el informe a',
    reportEmailsHint: 'Escriba una dirección y pulse espacio o Intro. Déjelo vacío para no recibir informe.',
    emailLanguage: 'Idioma del informe',
    emailLanguageHint: 'El informe por correo se redacta en este idioma, sea cual sea el idioma del portal.',
    emailLanguages: { es: 'Español', en: 'Inglés' },
    sameAsPortal: 'Igual que el portal',
    sameAsPortalHint: 'Copia los ajustes del portal en los del informe.',
    sameNow: 'El informe usa los mismos ajustes que el portal.',
    differsNow: 'Los ajustes del informe son distintos de los del portal.',
    saveAlerts: 'Guardar ajustes de alertas',
    delayGroup: 'Llegada al puerto de descarga (POD)',
    daysOfDelay: 'Días de retraso',
    daysOfDelayHelp:
      '«Más tarde de lo previsto» cuando la llegada al POD es más de estos días posterior a la primera llegada planificada.',
    daysInAdvance: 'Días de adelanto',
    daysInAdvanceHelp:
      'También «Más tarde de lo previsto» cuando la llegada es más de estos días anterior al plan (se muestra y guarda en negativo, p. ej. -2).',
    attentionGroup: 'Requiere atención',
    attentionIntro:
      'Un envío requiere atención cuando ocurre algo de esto. Deje un número vacío para desactivar esa comprobación.',
    codes: 'Eventos de alerta que requieren atención',
    codesHelp: 'Un envío con uno de estos eventos (no oculto) se marca «Requiere atención».',
    codesChosen_one: '{{count}} evento elegido',
    codesChosen_other: '{{count}} eventos elegidos',
    risk: 'Aviso de llegada al POD',
    riskHelp:
      'Predicción de que el buque llegará al POD después de la ETA contractual. Bajo: avisa con riesgo bajo y alto; Alto: solo riesgo alto.',
    riskLevel: 'Avisar desde',
    riskNone: 'No avisar',
    riskLow: 'Bajo',
    riskHigh: 'Alto',
    daysUnit: 'días',
    empty: 'Desactivado',
    etaChange: 'Enviarme un correo cuando una llegada se mueva más de N horas',
    etaChangeHelp:
      'Un correo en pocos minutos cuando la ETA en el POD o de entrega de un envío se mueva más de estas horas (de 1 a 720); varios cambios en un solo correo. Vacío: sin correo.',
    etaChangeGroup: 'Cambios de llegada',
    hoursUnit: 'horas',
    etaChangeNumbers: {
      number: 'Escriba un número entero de horas, de 1 a 720 (p. ej. 24).',
      min: 'El mínimo es {{min}} hora.',
      max: 'El máximo es {{max}} horas.',
    },
    numbers: {
      number: 'Escriba un número entero de días, 1 o más (p. ej. 3).',
      min: 'El mínimo es {{min}}.',
      max: 'El máximo es {{max}}.',
      advanceNumber: 'Escriba un número entero de días antes del plan, p. ej. -2.',
      advanceMax: 'Escriba un número de días distinto de 0; se guarda en negativo (p. ej. -2).',
    },
    maxDays: {
      max_days_in_pol_planned_initial: 'Estancia en el puerto de carga (POL), primer plan',
      max_days_in_pol_planned_last: 'Estancia en el puerto de carga (POL), último plan',
      max_days_in_tsp: 'Días en transbordo',
      max_days_in_tsp_planned_initial: 'Estancia en transbordo, primer plan',
      max_days_in_tsp_planned_last: 'Estancia en transbordo, último plan',
      max_days_in_pod_planned_initial: 'Estancia en el puerto de descarga (POD), primer plan',
      max_days_in_pod_planned_last: 'Estancia en el puerto de descarga (POD), último plan',
      max_days_eta_pod_discrepancy: 'Llegada al POD posterior a la ETA contractual',
      max_days_eta_dlv_discrepancy: 'Entrega posterior a la fecha de entrega contractual',
    },
    maxDaysHelp: {
      max_days_in_pol_planned_initial:
        'Los días entre la llegada al POL y la salida del buque, según el primer plan, superan este número.',
      max_days_in_pol_planned_last:
        'Los días entre la llegada al POL y la salida del buque, según el último plan o lo ocurrido, superan este número.',
      max_days_in_tsp:
        'Días que el contenedor ha pasado de verdad en puertos de transbordo (todos, aún contando).',
      max_days_in_tsp_planned_initial:
        'Los días en puertos de transbordo según el primer plan superan este número.',
      max_days_in_tsp_planned_last:
        'Los días en puertos de transbordo según el último plan superan este número.',
      max_days_in_pod_planned_initial:
        'Días entre la llegada del buque al POD y la salida del contenedor, según el primer plan.',
      max_days_in_pod_planned_last:
        'Días entre la llegada del buque al POD y la salida del contenedor, según el último plan.',
      max_days_eta_pod_discrepancy:
        'La ETA (o la llegada real) al POD es estos días posterior a la ETA contractual de la solicitud de seguimiento.',
      max_days_eta_dlv_discrepancy:
        'La entrega (prevista o hecha) es estos días posterior a la fecha de entrega contractual de la solicitud.',
    },
    codeGroups: {
      alert: 'Alertas del portal',
      transport: 'Eventos del buque',
      equipment: 'Eventos del contenedor',
      shipment: 'Eventos de documentos y reserva',
      other: 'Otros eventos',
    },
    minimumOne: 'Al menos 1 día, o vacío',
    notZero: 'No puede ser 0',
  },
  groups: {
    name: 'Nombre',
    add: 'Añadir',
    create: 'Crear',
    rename: 'Renombrar',
    save: 'Guardar',
    cancel: 'Cancelar',
    delete: 'Eliminar',
    edit: 'Editar',
    none: 'Nadie todavía',
    searchUsers: 'Buscar por nombre, usuario o correo',
    noUsers: 'Ningún usuario coincide',
    remove: 'Quitar a {{name}}',
    confirmTitle: '¿Eliminar «{{name}}»?',
    loading: 'Cargando…',
  },
  teamsConfig: {
    title: 'Equipos',
    subtitle: 'Grupos de compañeros de su empresa.',
    meaning:
      'Un equipo es un grupo de compañeros que siguen los mismos proyectos. Los coordinadores dirigen el equipo; los miembros participan. En Proyectos, «Añadir equipo» suscribe a todas las personas de un equipo a la vez, y cada equipo muestra aquí los proyectos que siguen sus personas.',
    empty: 'Su empresa aún no tiene equipos.',
    newName: 'Nombre del nuevo equipo',
    coordinators: 'Coordinadores',
    members: 'Miembros',
    follows: 'Proyectos que siguen sus personas',
    followsNone: 'Ningún proyecto todavía',
    confirmText: 'Se elimina el equipo; sus personas y sus suscripciones a proyectos se mantienen.',
  },
  projectsConfig: {
    title: 'Proyectos',
    subtitle:
      'Los proyectos agrupan solicitudes de seguimiento; sus suscriptores reciben el resumen de alertas de sus envíos.',
    empty: 'Su empresa aún no tiene proyectos.',
    newName: 'Nombre del nuevo proyecto',
    subscribers: 'Suscriptores',
    addTeam: 'Añadir equipo',
    addTeamPlaceholder: 'Elija un equipo…',
    usage: 'En las listas',
    usageRequests_one: '{{count}} solicitud de seguimiento',
    usageRequests_other: '{{count}} solicitudes de seguimiento',
    usageShipments_one: '{{count}} envío',
    usageShipments_other: '{{count}} envíos',
    showRequests: 'Solicitudes de seguimiento',
    showShipments: 'Envíos',
    confirmText: 'Sus solicitudes de seguimiento y envíos se mantienen, sin proyecto.',
  },
};

export const resources = registerNamespace(NS, en, es);
