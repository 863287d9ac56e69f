// Texts of the carrier prefixes card (the 'carrierPrefixes' part of the 'config' namespace), English and Spanish.
// The API's own messages (a refused prefix, the limit) come in the user's language from the API.
export const carrierPrefixesEn = {
  title: 'Carrier prefixes',
  intro:
    'The portal recognises the carrier from the first four letters of a container, booking or B/L number, and your prefixes come first: e.g. the prefix of leased containers, TGHU → the carrier you ship them with.',
  kind: 'Numbers',
  kinds: { container: 'Container numbers', reference: 'Booking and B/L numbers' },
  prefix: 'Prefix',
  prefixHint: 'Four letters, e.g. TGHU',
  carrier: 'Carrier',
  carrierPlaceholder: 'Choose a carrier…',
  add: 'Add prefix',
  listTitle: 'Your prefixes ({{count}} of {{max}})',
  empty: 'No prefixes of your own yet: carriers are recognised by the portal’s table only.',
  columns: { kind: 'Numbers', prefix: 'Prefix', carrier: 'Carrier', actions: 'Actions' },
  remove: 'Delete',
  removeLabel: 'Delete prefix {{prefix}}',
  confirmTitle: 'Delete prefix {{prefix}}?',
  confirmText: {
    container:
      'Container numbers starting with {{prefix}} will be recognised by the portal’s table again (or not at all).',
    reference:
      'Booking and B/L numbers starting with {{prefix}} will be recognised by the portal’s table again (or not at all).',
  },
  cancel: 'Cancel',
  alreadyGone: 'This prefix had already been deleted.',
  limit: 'Your company has reached the limit of {{max}} prefixes: delete one to add another.',
};

export const carrierPrefixesEs: typeof carrierPrefixesEn = {
  title: 'Prefijos de naviera',
  intro:
    'El portal reconoce la naviera por las cuatro primeras letras del número de contenedor, de reserva o de B/L, y sus prefijos van primero: p. ej., el prefijo de unos contenedores alquilados, TGHU → la naviera con la que los envía.',
  kind: 'Números',
  kinds: { container: 'Números de contenedor', reference: 'Números de reserva y de B/L' },
  prefix: 'Prefijo',
  prefixHint: 'Cuatro letras, p. ej., TGHU',
  carrier: 'Naviera',
  carrierPlaceholder: 'Elija una naviera…',
  add: 'Añadir prefijo',
  listTitle: 'Sus prefijos ({{count}} de {{max}})',
  empty: 'Aún no tiene prefijos propios: las navieras se reconocen solo con la tabla del portal.',
  columns: { kind: 'Números', prefix: 'Prefijo', carrier: 'Naviera', actions: 'Acciones' },
  remove: 'Eliminar',
  removeLabel: 'Eliminar el prefijo {{prefix}}',
  confirmTitle: '¿Eliminar el prefijo {{prefix}}?',
  confirmText: {
    container:
      'Los números de contenedor que empiezan por {{prefix}} volverán a reconocerse con la tabla del portal (o no se reconocerán).',
    reference:
      'Los números de reserva y de B/L que empiezan por {{prefix}} volverán a reconocerse con la tabla del portal (o no se reconocerán).',
  },
  cancel: 'Cancelar',
  alreadyGone: 'Este prefijo ya se había eliminado.',
  limit: 'Su empresa ha llegado al máximo de {{max}} prefijos: elimine uno para añadir otro.',
};
