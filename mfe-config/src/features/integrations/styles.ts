// CSS of the integrations page, injected once (the builds have no CSS loaders).
import { injectStyleSheet, tokens } from '@portal/shared-ui';

const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

const css = `
.int-form { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 2fr) auto; gap: var(--pui-space-sm); align-items: end; }
.int-form .pui-field { margin: 0; }
.int-form--hook { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
.int-form--key { grid-template-columns: minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.3fr) auto; }
.int-events { border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); padding: var(--pui-space-xs) var(--pui-space-sm); margin: 0; grid-column: 1 / -1; }
.int-events legend { font-weight: var(--pui-font-weight-bold); font-size: var(--pui-font-size-sm); padding: 0 4px; }
.int-events__list { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 2px var(--pui-space-md); }
.int-table-wrap { overflow-x: auto; margin-top: var(--pui-space-sm); }
.int-table { width: 100%; min-width: 760px; border-collapse: separate; border-spacing: 0; font-size: var(--pui-font-size-sm); }
/* The row's actions stay on screen while the table scrolls sideways (narrow windows). */
.int-table td.int-row-actions, .int-table th:last-child { position: sticky; right: 0; background: var(--pui-color-surface, #fff);
  box-shadow: -6px 0 6px -6px rgba(0, 0, 0, 0.25); }
.int-row-actions__list { display: flex; flex-direction: column; align-items: stretch; gap: 4px; }
.int-table td.int-row-actions { white-space: nowrap; }
.int-table td.int-when { white-space: nowrap; }
.int-table th, .int-table td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--pui-color-border); vertical-align: top; }
.int-table th { color: var(--pui-color-text-muted); font-weight: var(--pui-font-weight-medium); white-space: nowrap; }
.int-table tr.int-row--revoked td { color: var(--pui-color-text-muted); }
.int-mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
.int-secret { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); align-items: center; padding: var(--pui-space-sm) var(--pui-space-md);
  background: var(--pui-color-info-soft); border-radius: var(--pui-radius-md); margin-top: var(--pui-space-sm); }
.int-secret code { flex: 1 1 20rem; min-width: 0; }
.int-hooks { list-style: none; margin: var(--pui-space-md) 0 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-md); }
.int-hook { border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); padding: var(--pui-space-sm) var(--pui-space-md); min-width: 0; }
.int-hook__head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: var(--pui-space-xs); align-items: baseline; }
.int-hook__url { font-weight: var(--pui-font-weight-bold); overflow-wrap: anywhere; }
.int-badge { display: inline-block; padding: 1px 8px; border-radius: var(--pui-radius-pill); font-size: var(--pui-font-size-sm);
  background: var(--pui-color-surface-alt); border: 1px solid var(--pui-color-border); }
.int-badge--ok { background: var(--pui-color-success-soft, #e6f4ea); }
.int-badge--bad { background: var(--pui-color-danger-soft, #fdecea); }
.int-badge--wait { background: var(--pui-color-warning-soft, #fff4e5); }
.int-chips { display: flex; flex-wrap: wrap; gap: 4px; margin: var(--pui-space-xs) 0 0; padding: 0; list-style: none; }
.int-actions { display: flex; flex-wrap: wrap; gap: var(--pui-space-xs); margin-top: var(--pui-space-sm); }
${mobile} {
  .int-form, .int-form--hook, .int-form--key { grid-template-columns: minmax(0, 1fr); }
  .int-events__list { grid-template-columns: minmax(0, 1fr); }
}
`;

export function ensureIntegrationStyles(): void {
  injectStyleSheet('int-styles', css);
}
