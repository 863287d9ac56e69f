// Texts of the free-time warning setting (the 'freeTimeWarning' part of the 'config' namespace), English and
// Spanish.
export const freeTimeWarningEn = {
  title: 'Free time (demurrage and detention)',
  intro:
    'How early the portal warns you before a container starts costing demurrage or detention: the dashboard counts the containers whose last free day is this close, and your e-mail digest lists them with those already over their free time.',
  field: 'Warn me this many days before the last free day',
  help: 'From 0 (only on the last free day itself) to 60 days. Default: 3.',
  daysUnit: 'days',
  numbers: {
    number: 'Enter a whole number of days, from 0 to 60 (e.g. 3).',
    min: 'The minimum is {{min}} days.',
    max: 'The maximum is {{max}} days.',
    required: 'Enter a number of days, from 0 to 60.',
  },
};

export const freeTimeWarningEs: typeof freeTimeWarningEn = {
  title: 'Tiempo libre (demurrage y detention)',
  intro:
    'Con cuánta antelación le avisa el portal antes de que un contenedor empiece a generar demurrage o detention: el panel cuenta los contenedores cuyo último día libre está así de cerca, y su resumen por correo los incluye junto con los que ya han superado su tiempo libre.',
  field: 'Avisarme este número de días antes del último día libre',
  help: 'De 0 (solo el mismo último día libre) a 60 días. Por defecto: 3.',
  daysUnit: 'días',
  numbers: {
    number: 'Escriba un número entero de días, de 0 a 60 (p. ej. 3).',
    min: 'El mínimo es {{min}} días.',
    max: 'El máximo es {{max}} días.',
    required: 'Escriba un número de días, de 0 a 60.',
  },
};
