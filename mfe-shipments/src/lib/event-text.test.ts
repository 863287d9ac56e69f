import { eventCodeLabel, fillPlaceholders } from './event-text';

describe('event-code texts', () => {
  const code906 = {
    code: 906,
    description: 'No carrier update for {days} days',
    description_es: 'Sin actualización de la naviera en {days} días',
  };

  it('never shows a raw {days} in a picker, in either language', () => {
    expect(eventCodeLabel(code906, 'en')).toBe('906 · No carrier update for N days');
    expect(eventCodeLabel(code906, 'es')).toBe('906 · Sin actualización de la naviera en N días');
    expect(eventCodeLabel({ code: 902, description: 'ETA at POD moved by {days} days' }, 'es')).toBe(
      '902 · ETA at POD moved by N days',
    );
  });

  it('fills a placeholder from the event details, else from the first number of its message', () => {
    expect(fillPlaceholders('moved by {days} days', { days: 4 })).toBe('moved by 4 days');
    expect(fillPlaceholders('for {days} days', { message: 'No carrier update for 36 days' })).toBe(
      'for 36 days',
    );
  });

  it('says one day in the singular, in both languages', () => {
    expect(fillPlaceholders('ETA at POD moved by {days} days', { days: 1 })).toBe(
      'ETA at POD moved by 1 day',
    );
    expect(fillPlaceholders('ETA en POD movida {days} días', { days: -1 })).toBe('ETA en POD movida -1 día');
    expect(fillPlaceholders('ETA en POD movida {days} días', { days: 11 })).toBe('ETA en POD movida 11 días');
    expect(fillPlaceholders('movida {days} días', { days: 2.1 })).toBe('movida 2.1 días');
  });
});
