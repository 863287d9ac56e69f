import { globalCss } from './globalCss';

export const GLOBAL_STYLES_ID = 'pui-styles';

/**
 * Puts the design-system CSS (tokens as custom properties + every `pui-` class) into
 * `<style id="pui-styles">` in document.head. Idempotent: a second call reuses the element.
 * Returns the element, or null where there is no document (SSR, workers).
 */
export function injectGlobalStyles(doc: Document | undefined = globalThis.document): HTMLStyleElement | null {
  if (!doc) return null;
  const existing = doc.getElementById(GLOBAL_STYLES_ID);
  if (existing instanceof HTMLStyleElement) {
    if (existing.textContent !== globalCss) existing.textContent = globalCss;
    return existing;
  }
  const style = doc.createElement('style');
  style.id = GLOBAL_STYLES_ID;
  style.setAttribute('data-owner', '@portal/shared-ui');
  style.textContent = globalCss;
  doc.head.appendChild(style);
  return style;
}
