// The 'public' i18n namespace, shipped and registered by this remote. The legal texts are long documents and
// live in features/legal/ (one per language); everything else the public site says is here.
// Contact validation follows the spec's second reading (see README): '{field} must not be blank.' and
// 'Please, accept the Terms and Conditions and the Privacy Policy.'; the API answers with the same texts.
import i18next from 'i18next';
import { addResourceNamespace, type Translation } from '@portal/shared-ui';

export const NS = 'public';

const en = {
  meta: {
    landing:
      'Track every container across shipping lines from one portal: status at a glance, alerts, e-mailed reports, live map and ERP integration.',
    contact: 'Ask for information or a demo of the container tracking portal.',
    terms: 'Terms and conditions of use of the container tracking portal and its website.',
    privacy: 'How we process personal data on the container tracking portal and its website.',
  },
  site: {
    brand: 'Container Tracking Portal',
    home: 'Home page',
    mainNav: 'Main navigation',
    product: 'Product',
    services: 'Services',
    digitalization: 'Digitalization',
    contact: 'Contact',
    clientArea: 'Client area',
    language: 'Cambiar a español',
    languageShort: 'ES',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menu: 'Menu',
    skip: 'Skip to content',
  },
  landing: {
    title: 'Container tracking across every shipping line, in one place',
    lead: 'From the empty pickup to the empty return: one portal shows where each of your containers is, what is late and what needs your attention.',
    ctaContact: 'Request information',
    ctaLogin: 'Go to the client area',
    galleryTitle: 'What the portal does for you',
    gallery: {
      update: {
        title: 'Update status',
        text: 'Carrier events arrive on their own and every shipment is brought up to date without typing.',
      },
      centralize: {
        title: 'Centralize information',
        text: 'Bookings, B/Ls and containers of every shipping line, in one list with one search.',
      },
      automate: {
        title: 'Automate tracking',
        text: 'Register a booking, B/L or container number once; the portal follows it to the end.',
      },
      alerts: {
        title: 'Create alerts',
        text: 'Set your thresholds for delays and early arrivals and be told before your customer asks.',
      },
    },
    productTitle: 'The product',
    productLead: 'A tracking portal built for freight forwarders and shippers who move containers by sea.',
    cards: {
      status: {
        title: 'Status at a glance',
        text: 'A dashboard counts what is on track, late or needs attention, and takes you to the list in one click.',
      },
      alarms: {
        title: 'Alarms, reports and e-mail',
        text: 'Alerts when a milestone moves, and spreadsheet reports e-mailed daily, weekly or monthly to your team.',
      },
      satellite: {
        title: 'Satellite system',
        text: 'Vessel positions received by satellite place each container on the map, in the middle of the ocean too.',
      },
    },
    featuresTitle: 'Features',
    features: {
      status: {
        title: 'Status at a glance',
        text: 'Your dashboard shows how many shipments are on time, delayed or alerted, this week and in total. Each figure opens the filtered list.',
      },
      alarms: {
        title: 'Alarms, reports and e-mail notifications',
        text: 'Choose your delay and advance thresholds. Build reports with more than 200 fields, save them as templates and have them e-mailed to your colleagues.',
      },
      satellite: {
        title: 'Satellite-based tracking and map tracking',
        text: 'See where your vessels and containers are right now on a live map, with the ports of loading and discharge of each route.',
      },
      route: {
        title: 'Complete route and record of events',
        text: 'Planned and actual dates of every milestone, from the empty pickup to the empty return, and the history of each change.',
      },
      pay: {
        title: 'Pay-as-you-go optimisation',
        text: 'You pay by annual container volume: no licences per user and no cost for the months you ship less.',
      },
      erp: {
        title: 'ERP integration',
        text: 'Send tracking requests and receive statuses from your ERP through our API, or upload a spreadsheet with hundreds of bookings at once.',
      },
    },
    bannerTitle: 'Would you like to see it with your own shipments?',
    bannerText: 'Tell us how many containers you move and we will set up a trial with your real bookings.',
    bannerButton: 'Contact us',
  },
  art: {
    dashboard: 'Dashboard',
    onTime: 'On time',
    delayed: 'Delayed',
    alerted: 'With alerts',
    total: 'Shipments',
    lastWeek: 'Last 7 days',
    alertSettings: 'Alert settings',
    daysDelay: 'Days of delay',
    daysAdvance: 'Days in advance',
    report: 'Shipments report',
    schedule: 'Weekly, Monday 08:00',
    sendTo: 'To: operations team',
    attachment: 'shipments.xlsx',
    map: 'Where Are They?',
    vessel: 'Vessel at sea',
    container: 'Container',
    carrier: 'Carrier',
    status: 'Status',
    arrived: 'Arrived',
    emptyPickup: 'Empty pickup',
    loaded: 'Loaded on board',
    transshipment: 'Transshipment',
    discharge: 'Discharge',
    emptyReturn: 'Empty return',
    planned: 'Planned',
    actual: 'Actual',
    history: 'Change history',
    etaChanged: 'ETA changed +2 days',
    volume: 'Containers per year',
    price: 'Price per container',
    yourErp: 'Your ERP',
    requests: 'Tracking requests',
    statuses: 'Statuses and events',
    upload: 'Bulk upload',
  },
  footer: {
    links: 'Links',
    legal: 'Legal',
    privacy: 'Privacy policy',
    terms: 'Terms and conditions',
    requestInfo: 'Request information',
    about:
      'A service of a logistics company based in Spain, tracking containers for forwarders and shippers since 2017.',
  },
  contact: {
    title: 'Contact',
    lead: 'Tell us about your shipments and we will get back to you within one working day.',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    remarks: 'Remarks',
    optional: 'optional',
    termsBefore: 'I have read and accept the ',
    termsLink: 'Terms and Conditions',
    termsAnd: ' and the ',
    privacyLink: 'Privacy Policy',
    termsAfter: '.',
    send: 'Send',
    back: 'Back',
    honeypot: 'Leave this field empty',
    errors: {
      title: 'ERROR',
      terms: 'Please, accept the Terms and Conditions and the Privacy Policy.',
      blank: '{{field}} must not be blank.',
    },
    success: {
      title: 'Success',
      message: 'request success',
    },
  },
  terms: {
    title: 'Terms and conditions',
  },
  privacy: {
    title: 'Privacy policy',
    basicTitle: 'Basic information on data protection',
    detailTitle: 'Detailed information',
    item: 'Item',
    summary: 'Summary',
    details: 'Details',
  },
  legal: {
    back: 'Back',
    updated: 'Last updated: {{date}}',
  },
};

const es: Translation<typeof en> = {
  meta: {
    landing:
      'Sigue cada contenedor de todas las navieras desde un solo portal: estado de un vistazo, alertas, informes por correo, mapa en directo e integración con tu ERP.',
    contact: 'Pide información o una demostración del portal de seguimiento de contenedores.',
    terms: 'Términos y condiciones de uso del portal de seguimiento de contenedores y de su web.',
    privacy: 'Cómo tratamos los datos personales en el portal de seguimiento de contenedores y en su web.',
  },
  site: {
    brand: 'Portal de Seguimiento de Contenedores',
    home: 'Página de inicio',
    mainNav: 'Navegación principal',
    product: 'Producto',
    services: 'Servicios',
    digitalization: 'Digitalización',
    contact: 'Contacto',
    clientArea: 'Área de clientes',
    language: 'Switch to English',
    languageShort: 'EN',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    menu: 'Menú',
    skip: 'Saltar al contenido',
  },
  landing: {
    title: 'Seguimiento de contenedores de todas las navieras, en un solo lugar',
    lead: 'Desde la recogida del vacío hasta su devolución: un solo portal te dice dónde está cada contenedor, qué llega tarde y qué necesita tu atención.',
    ctaContact: 'Solicitar información',
    ctaLogin: 'Ir al área de clientes',
    galleryTitle: 'Lo que el portal hace por ti',
    gallery: {
      update: {
        title: 'Actualiza el estado',
        text: 'Los eventos de las navieras llegan solos y cada envío se pone al día sin teclear nada.',
      },
      centralize: {
        title: 'Centraliza la información',
        text: 'Reservas, B/L y contenedores de todas las navieras, en una sola lista con una sola búsqueda.',
      },
      automate: {
        title: 'Automatiza el seguimiento',
        text: 'Registra una vez el número de reserva, de B/L o de contenedor; el portal lo sigue hasta el final.',
      },
      alerts: {
        title: 'Crea alertas',
        text: 'Fija tus umbrales de retraso y de adelanto y entérate antes de que te pregunte tu cliente.',
      },
    },
    productTitle: 'El producto',
    productLead:
      'Un portal de seguimiento pensado para transitarios y cargadores que mueven contenedores por mar.',
    cards: {
      status: {
        title: 'Estado de un vistazo',
        text: 'Un panel cuenta lo que va en plazo, lo que se retrasa y lo que necesita atención, y te lleva a la lista con un clic.',
      },
      alarms: {
        title: 'Alarmas, informes y correo',
        text: 'Avisos cuando se mueve un hito e informes en hoja de cálculo enviados a tu equipo cada día, semana o mes.',
      },
      satellite: {
        title: 'Sistema por satélite',
        text: 'Las posiciones de los buques recibidas por satélite sitúan cada contenedor en el mapa, también en mitad del océano.',
      },
    },
    featuresTitle: 'Funcionalidades',
    features: {
      status: {
        title: 'Estado de un vistazo',
        text: 'Tu panel muestra cuántos envíos van en plazo, con retraso o con alertas, esta semana y en total. Cada cifra abre la lista filtrada.',
      },
      alarms: {
        title: 'Alarmas, informes y notificaciones por correo',
        text: 'Elige tus umbrales de retraso y de adelanto. Crea informes con más de 200 campos, guárdalos como plantillas y haz que lleguen por correo a tus compañeros.',
      },
      satellite: {
        title: 'Seguimiento por satélite y en el mapa',
        text: 'Mira dónde están ahora tus buques y contenedores en un mapa en directo, con los puertos de carga y de descarga de cada ruta.',
      },
      route: {
        title: 'Ruta completa e historial de eventos',
        text: 'Fechas previstas y reales de cada hito, desde la recogida del vacío hasta su devolución, y el historial de cada cambio.',
      },
      pay: {
        title: 'Optimización con pago por uso',
        text: 'Pagas según tu volumen anual de contenedores: sin licencias por usuario y sin coste en los meses en que envías menos.',
      },
      erp: {
        title: 'Integración con tu ERP',
        text: 'Envía solicitudes de seguimiento y recibe los estados desde tu ERP con nuestra API, o sube una hoja de cálculo con cientos de reservas a la vez.',
      },
    },
    bannerTitle: '¿Quieres verlo con tus propios envíos?',
    bannerText: 'Cuéntanos cuántos contenedores mueves y prepararemos una prueba con tus reservas reales.',
    bannerButton: 'Contáctanos',
  },
  art: {
    dashboard: 'Panel de control',
    onTime: 'En plazo',
    delayed: 'Con retraso',
    alerted: 'Con alertas',
    total: 'Envíos',
    lastWeek: 'Últimos 7 días',
    alertSettings: 'Ajustes de alertas',
    daysDelay: 'Días de retraso',
    daysAdvance: 'Días de adelanto',
    report: 'Informe de envíos',
    schedule: 'Semanal, lunes 08:00',
    sendTo: 'Para: equipo de operaciones',
    attachment: 'envios.xlsx',
    map: '¿Dónde están?',
    vessel: 'Buque en el mar',
    container: 'Contenedor',
    carrier: 'Naviera',
    status: 'Estado',
    arrived: 'Llegado',
    emptyPickup: 'Recogida del vacío',
    loaded: 'Cargado a bordo',
    transshipment: 'Transbordo',
    discharge: 'Descarga',
    emptyReturn: 'Devolución del vacío',
    planned: 'Previsto',
    actual: 'Real',
    history: 'Historial de cambios',
    etaChanged: 'ETA cambiada +2 días',
    volume: 'Contenedores al año',
    price: 'Precio por contenedor',
    yourErp: 'Tu ERP',
    requests: 'Solicitudes de seguimiento',
    statuses: 'Estados y eventos',
    upload: 'Carga masiva',
  },
  footer: {
    links: 'Enlaces',
    legal: 'Legal',
    privacy: 'Política de privacidad',
    terms: 'Términos y condiciones',
    requestInfo: 'Solicitar información',
    about:
      'Un servicio de una empresa logística con sede en España que sigue contenedores para transitarios y cargadores desde 2017.',
  },
  contact: {
    title: 'Contacto',
    lead: 'Cuéntanos cómo son tus envíos y te responderemos en un día laborable.',
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    company: 'Empresa',
    remarks: 'Observaciones',
    optional: 'opcional',
    termsBefore: 'He leído y acepto los ',
    termsLink: 'Términos y Condiciones',
    termsAnd: ' y la ',
    privacyLink: 'Política de Privacidad',
    termsAfter: '.',
    send: 'Enviar',
    back: 'Volver',
    honeypot: 'Deja este campo vacío',
    errors: {
      title: 'ERROR',
      terms: 'Por favor, acepta los Términos y Condiciones y la Política de Privacidad.',
      blank: 'El campo {{field}} no puede estar en blanco.',
    },
    success: {
      title: 'Enviado',
      message: 'Solicitud enviada correctamente',
    },
  },
  terms: {
    title: 'Términos y condiciones',
  },
  privacy: {
    title: 'Política de privacidad',
    basicTitle: 'Información básica sobre protección de datos',
    detailTitle: 'Información detallada',
    item: 'Epígrafe',
    summary: 'Resumen',
    details: 'Detalle',
  },
  legal: {
    back: 'Volver',
    updated: 'Última actualización: {{date}}',
  },
};

export const resources = { en, es };

addResourceNamespace(i18next, NS, resources);
