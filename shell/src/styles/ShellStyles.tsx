import { useInsertionEffect } from 'react';
import { injectStyleSheet } from '@portal/shared-ui';
import { shellCss } from './shell-css';

const STYLE_ID = 'shell-styles';

/** Injects the shell's CSS once into document.head. */
export function ShellStyles(): null {
  useInsertionEffect(() => {
    injectStyleSheet(STYLE_ID, shellCss);
  }, []);
  return null;
}
