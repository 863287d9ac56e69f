import { useInsertionEffect } from 'react';
import { shellCss } from './shellCss';

const STYLE_ID = 'shell-styles';

/** Injects the shell's CSS once into document.head. */
export function ShellStyles(): null {
  useInsertionEffect(() => {
    if (document.getElementById(STYLE_ID)) return;
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = shellCss;
    document.head.appendChild(style);
  }, []);
  return null;
}
