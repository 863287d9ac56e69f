import i18next from 'i18next';
import { addResourceNamespace } from './add-resource-namespace';
import { COMMON_NS, commonResources } from './common-resources';

const tracking = {
  en: { title: 'Tracking requests', nested: { add: 'New tracking request' } },
  es: { title: 'Solicitudes de seguimiento', nested: { add: 'Nueva solicitud de seguimiento' } },
};

function initOptions(lng: string) {
  return {
    lng,
    fallbackLng: 'en',
    ns: [COMMON_NS],
    defaultNS: COMMON_NS,
    resources: { en: { [COMMON_NS]: commonResources.en }, es: { [COMMON_NS]: commonResources.es } },
    initAsync: false,
  };
}

describe('addResourceNamespace', () => {
  it('adds the bundles at once when i18n is already initialised', async () => {
    const i18n = i18next.createInstance();
    await i18n.init(initOptions('es'));
    addResourceNamespace(i18n, 'tracking', tracking);
    expect(i18n.t('title', { ns: 'tracking' })).toBe('Solicitudes de seguimiento');
    expect(i18n.t('tracking:nested.add', { lng: 'en' })).toBe('New tracking request');
  });

  it('waits for init when called before it, then adds the bundles', async () => {
    const i18n = i18next.createInstance();
    addResourceNamespace(i18n, 'tracking', tracking);
    expect(i18n.isInitialized).toBeFalsy();
    expect(i18n.exists('tracking:title')).toBeFalsy();
    await i18n.init(initOptions('en'));
    expect(i18n.t('tracking:title')).toBe('Tracking requests');
    expect(i18n.t('tracking:nested.add', { lng: 'es' })).toBe('Nueva solicitud de seguimiento');
    // the shell's own namespace is untouched
    expect(i18n.t('common:pager.pageOf', { page: 2, pages: 5 })).toBe('Page 2 of 5');
  });

  it('also works with the default asynchronous init', async () => {
    const i18n = i18next.createInstance();
    addResourceNamespace(i18n, 'tracking', tracking);
    const { initAsync: _sync, ...asyncOptions } = initOptions('es');
    await i18n.init(asyncOptions);
    expect(i18n.t('tracking:title')).toBe('Solicitudes de seguimiento');
  });

  it('merges a second call into the namespace', async () => {
    const i18n = i18next.createInstance();
    await i18n.init(initOptions('en'));
    addResourceNamespace(i18n, 'tracking', tracking);
    addResourceNamespace(i18n, 'tracking', { en: { extra: 'More' }, es: { extra: 'Más' } });
    expect(i18n.t('tracking:title')).toBe('Tracking requests');
    expect(i18n.t('tracking:extra')).toBe('More');
  });
});
