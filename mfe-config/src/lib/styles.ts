// CSS of this remote's pages, injected once when a page first renders (the builds have no CSS loaders).
import { injectStyleSheet, tokens } from '@portal/shared-ui';

const STYLE_ID = 'cfg-styles';
const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

const css = `
.cfg-page { display: flex; flex-direction: column; gap: var(--pui-space-md); min-width: 0; max-width: 1100px; }
.cfg-page > header h1 { margin: 0; font-size: var(--pui-font-size-xl); color: var(--pui-color-primary); }
.cfg-muted { margin: var(--pui-space-xxs) 0 0; color: var(--pui-color-text-muted); }
.cfg-card {
  padding: var(--pui-space-lg); background: var(--pui-color-surface); min-width: 0;
  border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-lg); box-shadow: var(--pui-shadow-sm);
}
.cfg-card > h2 { margin: 0 0 var(--pui-space-xs); font-size: var(--pui-font-size-lg); color: var(--pui-color-primary); }
.cfg-card h3 { margin: var(--pui-space-md) 0 var(--pui-space-xs); font-size: var(--pui-font-size-md); }
.cfg-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: var(--pui-space-sm) var(--pui-space-lg); }
.cfg-grid--3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
.cfg-threshold { display: grid; grid-template-columns: minmax(0, 1fr) 9rem; gap: var(--pui-space-xs) var(--pui-space-md);
  align-items: start; padding: var(--pui-space-sm) 0; border-top: 1px solid var(--pui-color-border); }
.cfg-threshold__text strong { display: block; }
.cfg-threshold__text p { margin: 2px 0 0; color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); }
.cfg-threshold .pui-field { margin: 0; }
.cfg-actions { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); align-items: center; margin-top: var(--pui-space-md); }
.cfg-codes { border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); padding: var(--pui-space-xs) var(--pui-space-sm); }
.cfg-codes summary { cursor: pointer; font-weight: var(--pui-font-weight-medium); }
.cfg-codes fieldset { border: 0; margin: var(--pui-space-xs) 0 0; padding: 0; }
.cfg-codes legend { font-weight: var(--pui-font-weight-bold); font-size: var(--pui-font-size-sm); color: var(--pui-color-text-muted); padding: 0; }
.cfg-codes__list { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 2px var(--pui-space-md); }
.cfg-error { color: var(--pui-color-danger); margin: var(--pui-space-xxs) 0 0; padding: 0; list-style: none; font-size: var(--pui-font-size-sm); }
.cfg-note { padding: var(--pui-space-sm) var(--pui-space-md); background: var(--pui-color-info-soft); border-radius: var(--pui-radius-md); margin: 0; }
.cfg-groups { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-md); }
.cfg-group__head { display: flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-sm); justify-content: space-between; }
.cfg-group__head h2 { margin: 0; font-size: var(--pui-font-size-lg); color: var(--pui-color-primary); overflow-wrap: anywhere; }
.cfg-group__body { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: var(--pui-space-md); margin-top: var(--pui-space-sm); }
.cfg-people { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: var(--pui-space-xs); }
.cfg-person { display: inline-flex; align-items: center; gap: 4px; padding: 2px 4px 2px 10px; border-radius: var(--pui-radius-pill);
  background: var(--pui-color-surface-alt); border: 1px solid var(--pui-color-border); font-size: var(--pui-font-size-sm); max-width: 100%; }
.cfg-person span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.cfg-person button { border: 0; background: none; cursor: pointer; color: var(--pui-color-text-muted); font-size: 1rem; line-height: 1; padding: 2px 6px; }
.cfg-person button:hover { color: var(--pui-color-danger); }
.cfg-picker { position: relative; margin-top: var(--pui-space-xs); }
.cfg-picker ul { position: absolute; z-index: 5; left: 0; right: 0; margin: 2px 0 0; padding: 0; list-style: none; max-height: 220px; overflow: auto;
  background: var(--pui-color-surface); border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); box-shadow: var(--pui-shadow-md); }
.cfg-picker li button { display: block; width: 100%; text-align: left; border: 0; background: none; padding: 6px 10px; cursor: pointer; }
.cfg-picker li button:hover, .cfg-picker li button:focus { background: var(--pui-color-surface-hover); }
.cfg-picker small { color: var(--pui-color-text-muted); }
.cfg-create { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); align-items: flex-end; }
.cfg-create .pui-field { flex: 1 1 220px; margin: 0; }
.cfg-inline-name { display: flex; flex-wrap: wrap; gap: var(--pui-space-xs); align-items: flex-end; flex: 1 1 260px; }
.cfg-inline-name .pui-field { flex: 1 1 180px; margin: 0; }
.cfg-links { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); font-size: var(--pui-font-size-sm); }
.cfg-links a { color: var(--pui-color-accent); }
${mobile} {
  .cfg-card { padding: var(--pui-space-md); }
  .cfg-grid, .cfg-grid--3, .cfg-codes__list { grid-template-columns: minmax(0, 1fr); }
  .cfg-threshold { grid-template-columns: minmax(0, 1fr); }
}
`;

export function ensureConfigStyles(): void {
  injectStyleSheet(STYLE_ID, css);
}
