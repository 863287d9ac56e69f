import { useInsertionEffect } from 'react';
import { injectGlobalStyles } from './inject-global-styles';

/**
 * Mount once near the root (the shell, or a remote's standalone bootstrap). Renders nothing; injects
 * the shared `<style id="pui-styles">` into document.head. Safe to mount several times; the style
 * element stays after unmount because other apps on the page share it.
 */
export function GlobalStyles(): null {
  useInsertionEffect(() => {
    injectGlobalStyles();
  }, []);
  return null;
}
