import i18next, { type i18n } from 'i18next';

export type NamespaceResources = { en: object; es: object };

/** The type of a namespace's other language: the English bundle's keys, every text a string. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/**
 * Adds a namespace's en/es bundles to the shared i18next instance. Remotes call this when their module
 * loads, which may be before the shell has run `i18n.init()`: then the bundles are added on the
 * instance's 'initialized' event. Calling it again for the same namespace deep-merges and overwrites.
 */
export function addResourceNamespace(i18n: i18n, ns: string, resources: NamespaceResources): void {
  const add = (): void => {
    for (const [lng, bundle] of Object.entries(resources)) {
      i18n.addResourceBundle(lng, ns, bundle, true, true);
    }
  };
  if (i18n.isInitialized) {
    add();
    return;
  }
  const onInitialized = (): void => {
    i18n.off('initialized', onInitialized);
    add();
  };
  i18n.on('initialized', onInitialized);
}

/**
 * A remote's (or entry point's) namespace in one call: its en and es bundles (the Spanish one with the English
 * keys) added to the shared i18next instance, and returned (tests and key checks read them).
 */
export function registerNamespace<T extends object>(
  ns: string,
  en: T,
  es: Translation<T>,
): { en: T; es: Translation<T> } {
  const resources = { en, es };
  addResourceNamespace(i18next, ns, resources);
  return resources;
}
