// The 'lists' i18n namespace: texts of the list building blocks, registered when this entry point loads.
import i18next from 'i18next';
import { addResourceNamespace } from '../i18n/addResourceNamespace';

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
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const es: Shape<typeof en> = {
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
    reset: 'Borrar filtros',
    configureColumns: 'Configurar columnas',
  },
};

export const listsResources = { en, es };

addResourceNamespace(i18next, LISTS_NS, listsResources);
