// CSS of the carrier prefixes card, injected once (the builds have no CSS loaders).
import { injectStyleSheet, tokens } from '@portal/shared-ui';

const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

const css = `
.cpo-form { display: grid; grid-template-columns: minmax(0, 1.6fr) minmax(0, 1fr) minmax(0, 2fr) auto;
  gap: var(--pui-space-sm); align-items: start; margin-top: var(--pui-space-md); }
.cpo-form .pui-field { margin: 0; }
/* the button lines up with the inputs (below their labels), not with the hints and messages under them */
.cpo-form__submit { align-self: start; margin-top: calc(var(--pui-font-size-sm) * var(--pui-font-line-height) + var(--pui-space-xs)); }
.cpo-prefix input { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.cpo-limit { margin-top: var(--pui-space-sm); }
.cpo-table { width: 100%; border-collapse: collapse; font-size: var(--pui-font-size-sm); }
.cpo-table th, .cpo-table td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--pui-color-border); vertical-align: middle; }
.cpo-table th { color: var(--pui-color-text-muted); font-weight: var(--pui-font-weight-medium); white-space: nowrap; }
.cpo-table td.cpo-code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: var(--pui-font-weight-bold); }
.cpo-table td.cpo-carrier { overflow-wrap: anywhere; }
.cpo-table td.cpo-actions { text-align: right; white-space: nowrap; width: 1%; }
${mobile} {
  .cpo-form { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
  .cpo-form > :nth-child(3) { grid-column: 1 / -1; }
  .cpo-form__submit { margin-top: 0; justify-self: start; }
  .cpo-table th, .cpo-table td { padding: 6px 4px; }
}
`;

export function ensureCarrierPrefixStyles(): void {
  injectStyleSheet('cfg-carrier-prefixes', css);
}
