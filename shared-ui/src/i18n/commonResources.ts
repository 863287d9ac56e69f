/** Name of the i18next namespace that holds the texts shared by every app. */
export const COMMON_NS = 'common';

const en = {
  actions: {
    save: 'Save',
    cancel: 'Cancel',
    back: 'Back',
    close: 'Close',
    retry: 'Retry',
    reset: 'Reset',
    delete: 'Delete',
    edit: 'Edit',
    logOut: 'Log Out',
    yes: 'Yes',
    no: 'No',
    loading: 'Loading…',
    search: 'Search',
    previous: 'Previous',
    next: 'Next',
  },
  pager: {
    label: 'Pagination',
    pageOf: 'Page {{page}} of {{pages}}',
  },
  errors: {
    title: 'ERROR',
    generic: 'Something went wrong. Please try again.',
    unavailable: 'This area is unavailable right now.',
    tryAgain: 'Try again',
  },
  notifications: {
    region: 'Notifications',
    savedTitle: 'Saved',
    // Spelling as in the specification (section 8).
    success: 'Sucessfully saved',
    deleted: 'Sucessfully deleted',
    dismiss: 'Dismiss notification',
  },
  table: {
    empty: 'No results found.',
    expand: 'Show details',
    collapse: 'Hide details',
    loading: 'Loading…',
  },
  modal: {
    close: 'Close',
  },
  numberInput: {
    number: 'Enter a whole number, e.g. 7 or -7',
    min: 'Minimum {{min}}',
    max: 'Maximum {{max}}',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const es: Shape<typeof en> = {
  actions: {
    save: 'Guardar',
    cancel: 'Cancelar',
    back: 'Volver',
    close: 'Cerrar',
    retry: 'Reintentar',
    reset: 'Restablecer',
    delete: 'Eliminar',
    edit: 'Editar',
    logOut: 'Cerrar sesión',
    yes: 'Sí',
    no: 'No',
    loading: 'Cargando…',
    search: 'Buscar',
    previous: 'Anterior',
    next: 'Siguiente',
  },
  pager: {
    label: 'Paginación',
    pageOf: 'Página {{page}} de {{pages}}',
  },
  errors: {
    title: 'ERROR',
    generic: 'Algo salió mal. Vuelva a intentarlo.',
    unavailable: 'Esta sección no está disponible en este momento.',
    tryAgain: 'Volver a intentarlo',
  },
  notifications: {
    region: 'Notificaciones',
    savedTitle: 'Guardado',
    success: 'Guardado correctamente',
    deleted: 'Eliminado correctamente',
    dismiss: 'Cerrar aviso',
  },
  table: {
    empty: 'No se encontraron resultados.',
    expand: 'Ver detalles',
    collapse: 'Ocultar detalles',
    loading: 'Cargando…',
  },
  modal: {
    close: 'Cerrar',
  },
  numberInput: {
    number: 'Escriba un número entero, p. ej. 7 o -7',
    min: 'Mínimo {{min}}',
    max: 'Máximo {{max}}',
  },
};

/** Bundles of the `common` namespace; the shell passes them to `i18n.init({ resources })`. */
export const commonResources = { en, es };
