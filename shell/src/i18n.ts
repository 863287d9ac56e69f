// The shell's own i18n namespace ('shell'). Quoted English texts of the spec are kept word for word
// (including the spec's spelling 'Sucessfully').
import type { i18n } from 'i18next';
import { addResourceNamespace } from '@portal/shared-ui';

export const SHELL_NS = 'shell';

const en = {
  appName: 'Container Tracking Portal',
  footer: {
    copyright: '© {{start}}–{{year}} Container Tracking Portal',
    home: 'Go to the home page',
    guide: 'Integration guide',
  },
  login: {
    title: 'Log in',
    username: 'Username',
    password: 'Password',
    submit: 'Log in',
    noAccount: "Don't have an account?",
    redirecting: 'Redirecting...',
  },
  tabs: {
    label: 'Sections',
    dashboard: 'Dashboard',
    shipments: 'Shipments',
    trackingRequests: 'Tracking requests',
    newTrackingRequest: 'New tracking request',
    map: 'Where Are They?',
    bi: 'BI',
  },
  sideNav: {
    label: 'Navigation',
    open: 'Open menu',
    close: 'Close menu',
    collapse: 'Collapse menu',
    expand: 'Expand menu',
  },
  userMenu: {
    title: '{{user}} Config',
    changePass: 'Change Pass',
    editTeams: 'Edit Teams',
    editProjects: 'Edit Projects',
    editUser: 'Edit User',
    integrations: 'Integrations (API)',
    freeTime: 'Free time',
    logOut: 'Log Out',
  },
  changePassword: {
    title: 'Change password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    repeatPassword: 'Repeat new password',
    required: 'This field is required.',
    mismatch: "The two password fields didn't match.",
    successTitle: 'Change password',
    success: 'Sucessfully saved new password',
  },
  language: {
    label: 'Language',
    en: 'EN',
    es: 'ES',
    enName: 'English',
    esName: 'Español',
  },
  publicBar: {
    login: 'Log in',
    portal: 'Go to the portal',
  },
  areas: {
    product: 'Home',
    contact: 'Contact',
    terms: 'Terms and conditions',
    privacy: 'Privacy policy',
    developers: 'Integration guide for developers',
    login: 'Log in',
    dashboard: 'Dashboard',
    shipments: 'Shipments',
    shipment: 'Shipment detail',
    trackingRequests: 'Tracking requests',
    newTrackingRequest: 'New tracking request',
    trackingRequest: 'Tracking request detail',
    map: 'Where Are They?',
    bi: 'Business intelligence',
    userConfig: 'User settings',
    teamsConfig: 'Teams',
    projectsConfig: 'Projects',
    integrationsConfig: 'Integrations (ERP / API)',
    freeTimeConfig: 'Free time (demurrage and detention)',
    vforwarding: 'vForwarding',
    sharedTracking: 'Shipment tracking',
    notFound: 'Page not found',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist.',
    home: 'Go to the home page',
  },
  guard: {
    userError: 'Your account could not be loaded.',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const es: Shape<typeof en> = {
  appName: 'Portal de Seguimiento de Contenedores',
  footer: {
    copyright: '© {{start}}–{{year}} Portal de Seguimiento de Contenedores',
    home: 'Ir a la página de inicio',
    guide: 'Guía de integración',
  },
  login: {
    title: 'Iniciar sesión',
    username: 'Usuario',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    noAccount: '¿No tienes una cuenta?',
    redirecting: 'Redirigiendo...',
  },
  tabs: {
    label: 'Secciones',
    dashboard: 'Panel de control',
    shipments: 'Envíos',
    trackingRequests: 'Solicitudes de seguimiento',
    newTrackingRequest: 'Nueva solicitud de seguimiento',
    map: '¿Dónde están?',
    bi: 'BI',
  },
  sideNav: {
    label: 'Navegación',
    open: 'Abrir menú',
    close: 'Cerrar menú',
    collapse: 'Contraer menú',
    expand: 'Desplegar menú',
  },
  userMenu: {
    title: 'Configuración de {{user}}',
    changePass: 'Cambiar contraseña',
    editTeams: 'Editar equipos',
    editProjects: 'Editar proyectos',
    editUser: 'Editar usuario',
    integrations: 'Integraciones (API)',
    freeTime: 'Tiempo libre',
    logOut: 'Cerrar sesión',
  },
  changePassword: {
    title: 'Cambiar contraseña',
    oldPassword: 'Contraseña actual',
    newPassword: 'Nueva contraseña',
    repeatPassword: 'Repite la nueva contraseña',
    required: 'Este campo es obligatorio.',
    mismatch: 'Las dos contraseñas no coinciden.',
    successTitle: 'Cambiar contraseña',
    success: 'Nueva contraseña guardada correctamente',
  },
  language: {
    label: 'Idioma',
    en: 'EN',
    es: 'ES',
    enName: 'English',
    esName: 'Español',
  },
  publicBar: {
    login: 'Iniciar sesión',
    portal: 'Ir al portal',
  },
  areas: {
    product: 'Inicio',
    contact: 'Contacto',
    terms: 'Términos y condiciones',
    privacy: 'Política de privacidad',
    developers: 'Guía de integración para desarrolladores',
    login: 'Iniciar sesión',
    dashboard: 'Panel de control',
    shipments: 'Envíos',
    shipment: 'Detalle del envío',
    trackingRequests: 'Solicitudes de seguimiento',
    newTrackingRequest: 'Nueva solicitud de seguimiento',
    trackingRequest: 'Detalle de la solicitud de seguimiento',
    map: '¿Dónde están?',
    bi: 'Inteligencia de negocio',
    userConfig: 'Configuración de usuario',
    teamsConfig: 'Equipos',
    projectsConfig: 'Proyectos',
    integrationsConfig: 'Integraciones (ERP / API)',
    freeTimeConfig: 'Tiempo libre (demoras y detenciones)',
    vforwarding: 'vForwarding',
    sharedTracking: 'Seguimiento del envío',
    notFound: 'Página no encontrada',
  },
  notFound: {
    title: 'Página no encontrada',
    text: 'La página que buscas no existe.',
    home: 'Ir a la página de inicio',
  },
  guard: {
    userError: 'No se pudo cargar tu cuenta.',
  },
};

export const shellResources = { en, es };

/** Registers the 'shell' namespace on the given (initialised or not yet initialised) i18next instance. */
export function registerShellNamespace(instance: i18n): void {
  addResourceNamespace(instance, SHELL_NS, shellResources);
}
