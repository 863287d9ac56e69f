import { commonResources } from './common-resources';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('commonResources', () => {
  it('has the same keys in en and es, none empty', () => {
    expect(keys(commonResources.es).sort()).toEqual(keys(commonResources.en).sort());
    for (const lang of [commonResources.en, commonResources.es]) {
      for (const key of keys(lang)) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], lang);
        expect(typeof value === 'string' && value.length > 0).toBe(true);
      }
    }
  });

  it('keeps the spec texts', () => {
    expect(commonResources.en.errors.title).toBe('ERROR');
    expect(commonResources.en.notifications.success).toBe('Sucessfully saved');
    expect(commonResources.en.notifications.deleted).toBe('Sucessfully deleted');
    expect(commonResources.en.errors.unavailable).toBe('This area is unavailable right now.');
    expect(commonResources.es.errors.unavailable).toBe('Esta sección no está disponible en este momento.');
  });
});
