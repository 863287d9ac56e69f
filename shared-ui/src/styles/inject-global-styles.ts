import { globalCss } from './global-css';

const GLOBAL_STYLES_ID = 'pui-styles';

/**
 * Puts `css` into `<style id={id}>` in document.head once: the one way the shell, shared-ui and every remote add
 * their stylesheets. A second call with the same id keeps the element and brings its text up to date. Returns
 * the element, or null where there is no document (SSR, workers).
 */
export function injectStyleSheet(
  id: string,
  css: string,
  doc: Document | undefined = globalThis.document,
  owner?: string,
): HTMLStyleElement | null {
  if (!doc) return null;
  const existing = doc.getElementById(id);
  if (existing instanceof HTMLStyleElement) {
    if (existing.textContent !== css) existing.textContent = css;
    return existing;
  }
  const style = doc.createElement('style');
  style.id = id;
  if (owner) style.setAttribute('data-owner', owner);
  style.textContent = css;
  doc.head.appendChild(style);
  return style;
}

/**
 * Puts the design-system CSS (tokens as custom properties + every `pui-` class) into
 * `<style id="pui-styles">` in document.head. Idempotent: a second call reuses the element.
 * Returns the element, or null where there is no document (SSR, workers).
 */
export function injectGlobalStyles(doc: Document | undefined = globalThis.document): HTMLStyleElement | null {
  return injectStyleSheet(GLOBAL_STYLES_ID, globalCss, doc, '@portal/shared-ui');
}
