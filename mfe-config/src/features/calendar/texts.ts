// Texts of the calendar-feed card (the 'calendar' part of the 'config' namespace), English and Spanish.
export const calendarEn = {
  title: 'Calendar feed',
  intro:
    'See the arrivals of your shipments in Outlook or Google Calendar: the ETA at POD and the delivery date, from 30 days ago to 180 days ahead, updated as the ETAs move.',
  name: 'Feed name',
  namePlaceholder: 'e.g. Arrivals',
  scope: 'Shipments',
  scopes: { all: 'All my company’s shipments', project: 'One project', template: 'A saved filter' },
  project: 'Project',
  template: 'Saved filter',
  choose: 'Choose…',
  lang: 'Language of the events',
  langs: { es: 'Spanish', en: 'English' },
  create: 'Create feed',
  createdTitle: 'Your feed’s address',
  createdText:
    'Copy it now and subscribe to it from your calendar: it is shown only once. Anyone with this address sees these arrivals, so keep it to yourself; revoke it if it leaks.',
  url: 'Feed address',
  copy: 'Copy address',
  copied: 'Copied',
  done: 'Done',
  empty: 'No calendar feeds yet.',
  listTitle: 'Your feeds',
  created: 'Created {{date}}',
  lastUsed: 'Last read by a calendar {{date}}',
  neverUsed: 'Not read by a calendar yet',
  revokedOn: 'Revoked {{date}}',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this feed?',
  revokeText: 'Calendars subscribed to “{{name}}” stop receiving updates at once. This cannot be undone.',
  cancel: 'Cancel',
  revokedNotice: 'Feed revoked',
  helpTitle: 'How to subscribe',
  helpOutlook:
    'Outlook (web or Microsoft 365): Calendar → Add calendar → Subscribe from web, paste the address, give it a name and Import. Outlook refreshes it every few hours.',
  helpGoogle:
    'Google Calendar (computer): beside “Other calendars”, + → From URL, paste the address and Add calendar. Google refreshes it on its own schedule, usually within a day.',
  helpNote:
    'Subscribe rather than download the file: a downloaded copy never updates. Events with a time are shown in your calendar’s time zone; dates without a time are all-day events.',
};

export const calendarEs: typeof calendarEn = {
  title: 'Calendario',
  intro:
    'Vea las llegadas de sus envíos en Outlook o Google Calendar: la ETA en POD y la fecha de entrega, desde hace 30 días hasta dentro de 180, actualizadas cuando cambian las ETA.',
  name: 'Nombre del calendario',
  namePlaceholder: 'p. ej. Llegadas',
  scope: 'Envíos',
  scopes: { all: 'Todos los envíos de mi empresa', project: 'Un proyecto', template: 'Un filtro guardado' },
  project: 'Proyecto',
  template: 'Filtro guardado',
  choose: 'Elija…',
  lang: 'Idioma de los eventos',
  langs: { es: 'Español', en: 'Inglés' },
  create: 'Crear calendario',
  createdTitle: 'La dirección de su calendario',
  createdText:
    'Cópiela ahora y suscríbase desde su calendario: solo se muestra esta vez. Quien tenga esta dirección ve estas llegadas, así que no la comparta; revóquela si se difunde.',
  url: 'Dirección del calendario',
  copy: 'Copiar dirección',
  copied: 'Copiada',
  done: 'Hecho',
  empty: 'Todavía no tiene calendarios.',
  listTitle: 'Sus calendarios',
  created: 'Creado el {{date}}',
  lastUsed: 'Leído por un calendario el {{date}}',
  neverUsed: 'Ningún calendario lo ha leído aún',
  revokedOn: 'Revocado el {{date}}',
  revoke: 'Revocar',
  revokeTitle: '¿Revocar este calendario?',
  revokeText:
    'Los calendarios suscritos a «{{name}}» dejan de recibir cambios en el acto. No se puede deshacer.',
  cancel: 'Cancelar',
  revokedNotice: 'Calendario revocado',
  helpTitle: 'Cómo suscribirse',
  helpOutlook:
    'Outlook (web o Microsoft 365): Calendario → Agregar calendario → Suscribirse desde la web, pegue la dirección, póngale un nombre e Importar. Outlook lo actualiza cada pocas horas.',
  helpGoogle:
    'Google Calendar (ordenador): junto a «Otros calendarios», + → Desde URL, pegue la dirección y Añadir calendario. Google lo actualiza a su ritmo, normalmente en menos de un día.',
  helpNote:
    'Suscríbase en lugar de descargar el archivo: una copia descargada no se actualiza. Los eventos con hora se muestran en la zona horaria de su calendario; las fechas sin hora son eventos de día completo.',
};
