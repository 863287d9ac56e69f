// CSS of the free-time rules page, injected once (the builds have no CSS loaders).
import { injectStyleSheet, tokens } from '@portal/shared-ui';

const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

const css = `
.ft-toolbar { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); align-items: end; margin: var(--pui-space-md) 0; }
.ft-toolbar .pui-field { margin: 0; min-width: 14rem; }
.ft-table-wrap { overflow-x: auto; }
.ft-table { width: 100%; min-width: 720px; border-collapse: collapse; font-size: var(--pui-font-size-sm); }
.ft-table th, .ft-table td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--pui-color-border); vertical-align: top; }
.ft-table th { color: var(--pui-color-text-muted); font-weight: var(--pui-font-weight-medium); white-space: nowrap; }
/* The buttons' flex box sits inside the cell: a flex <td> leaves the table layout and its border out of line. */
.ft-actions { display: flex; gap: 4px; white-space: nowrap; }
.ft-form { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: var(--pui-space-sm) var(--pui-space-md); }
.ft-form .pui-field { margin: 0; }
.ft-wide { grid-column: 1 / -1; }
.ft-tiers { border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); padding: var(--pui-space-xs) var(--pui-space-sm); margin: 0 0 var(--pui-space-sm); }
.ft-tiers legend { font-weight: var(--pui-font-weight-bold); padding: 0 4px; }
.ft-tier { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)) auto; gap: var(--pui-space-xs); align-items: end; margin-bottom: var(--pui-space-xs); }
.ft-errors { background: var(--pui-color-danger-soft, #fdecea); border-radius: var(--pui-radius-md); padding: var(--pui-space-sm) var(--pui-space-md); }
.ft-errors ul { margin: var(--pui-space-xs) 0 0; padding-left: 1.2rem; }
${mobile} {
  .ft-table { min-width: 0; }
  .ft-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .ft-table tr { display: block; padding: var(--pui-space-xs) 0; border-bottom: 1px solid var(--pui-color-border); }
  .ft-table td { display: grid; grid-template-columns: 7.5rem minmax(0, 1fr); gap: var(--pui-space-sm); border: 0; padding: 4px 0; }
  .ft-table td::before { content: attr(data-label); color: var(--pui-color-text-muted); font-weight: var(--pui-font-weight-medium); }
  .ft-form { grid-template-columns: minmax(0, 1fr); }
  .ft-tier { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
`;

export const ensureFreeTimeStyles = () => injectStyleSheet('mfe-config-free-time', css);
