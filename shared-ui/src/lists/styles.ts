// CSS of the list building blocks, injected once into the document when the first of them renders
// (the builds have no CSS loaders; the main design-system CSS is injected by the shell).
import { tokens } from '../styles/tokens';
import { injectStyleSheet } from '../styles/inject-global-styles';

const STYLE_ID = 'pui-lists-styles';
const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

export const listsCss = `
.pui-filter-bar {
  display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: var(--pui-space-md);
  align-items: end; padding: var(--pui-space-md); margin-bottom: var(--pui-space-md);
  background: var(--pui-color-surface); border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-lg);
}
.pui-filter-bar__wide { grid-column: 1 / -1; }
.pui-list-actions { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); align-items: center; margin-bottom: var(--pui-space-md); }
.pui-date-range { border: 0; padding: 0; margin: 0; min-width: 0; }
.pui-date-range > legend { padding: 0; margin-bottom: var(--pui-space-xs); font-size: var(--pui-font-size-sm); font-weight: var(--pui-font-weight-medium); }
.pui-date-range__inputs { display: grid; grid-template-columns: 1fr 1fr; gap: var(--pui-space-sm); }
.pui-date-range__inputs .pui-field__label { font-weight: var(--pui-font-weight-normal); color: var(--pui-color-text-muted); font-size: var(--pui-font-size-xs); }
.pui-tag-input__box {
  display: flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-xs); min-height: var(--pui-control-height-md);
  padding: 3px var(--pui-space-xs); border: 1px solid var(--pui-color-border-strong); border-radius: var(--pui-radius-md);
  background: var(--pui-color-surface); cursor: text;
}
.pui-tag-input__box:focus-within { border-color: var(--pui-color-focus); box-shadow: 0 0 0 3px rgba(47, 125, 225, 0.2); }
.pui-tag-input__box[aria-invalid='true'] { border-color: var(--pui-color-danger); }
.pui-tag-input__input { flex: 1 1 120px; min-width: 120px; height: 26px; border: 0; outline: none; font: inherit; background: transparent; color: inherit; }
.pui-tag-input__list { display: contents; list-style: none; }
.pui-tag {
  display: inline-flex; align-items: center; gap: var(--pui-space-xxs); height: 24px; padding: 0 2px 0 var(--pui-space-sm);
  border-radius: var(--pui-radius-pill); background: var(--pui-color-primary-soft); color: var(--pui-color-primary);
  font-family: var(--pui-font-family-mono); font-size: var(--pui-font-size-sm);
}
.pui-tag--warning { background: var(--pui-color-warning-soft); color: var(--pui-color-warning); outline: 1px solid var(--pui-color-warning); }
.pui-tag__remove {
  display: inline-flex; align-items: center; justify-content: center; width: 20px; height: 20px; padding: 0;
  border: 0; border-radius: 50%; background: none; color: inherit; font-size: 15px; line-height: 1; cursor: pointer;
}
.pui-tag__remove:hover { background: rgba(0, 0, 0, 0.08); }
.pui-tag__remove:focus-visible { outline: 2px solid var(--pui-color-focus); }
.pui-tag-input__warnings { margin: 0; padding: 0; list-style: none; font-size: var(--pui-font-size-xs); color: var(--pui-color-warning); }
.pui-columns { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: var(--pui-space-xs) var(--pui-space-md); }
.pui-columns__all { padding-bottom: var(--pui-space-sm); margin-bottom: var(--pui-space-sm); border-bottom: 1px solid var(--pui-color-border); }
.pui-columns__fixed { color: var(--pui-color-text-muted); font-size: var(--pui-font-size-xs); }
${mobile} {
  .pui-filter-bar { grid-template-columns: 1fr; padding: var(--pui-space-sm); }
  .pui-list-actions > .pui-button { flex: 1 1 auto; }
  .pui-columns { grid-template-columns: 1fr; }
}
`;

/** Adds the lists CSS to the document once (safe to call on every render). */
export function ensureListStyles(): void {
  injectStyleSheet(STYLE_ID, listsCss);
}
