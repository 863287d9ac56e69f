// This remote's CSS, injected once (the builds have no CSS loaders; design-system CSS comes from the shell).
import { injectStyleSheet, tokens } from '@portal/shared-ui';

const STYLE_ID = 'bi-styles';
const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

const css = `
.bi-page__subtitle { color: var(--pui-color-text-muted); margin-top: 0; }
.bi-selectors { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: var(--pui-space-md); margin-bottom: var(--pui-space-sm); }
.bi-description { color: var(--pui-color-text-muted); margin: 0 0 var(--pui-space-md); min-height: 1.4em; }
.bi-chart { margin: 0; min-height: 200px; }
.bi-chart__canvas { width: 100%; min-height: 360px; }
.bi-chart__caption { display: flex; flex-wrap: wrap; gap: var(--pui-space-md); align-items: baseline; color: var(--pui-color-text-muted); }
.bi-chart__caption strong { color: var(--pui-color-text); }
.bi-empty { padding: var(--pui-space-xl) var(--pui-space-md); text-align: center; color: var(--pui-color-text-muted);
  border: 1px dashed var(--pui-color-border); border-radius: var(--pui-radius-lg); }
.bi-invite { padding: var(--pui-space-xl) var(--pui-space-md); text-align: center; color: var(--pui-color-text-muted);
  background: var(--pui-color-surface-alt); border-radius: var(--pui-radius-lg); }
.bi-invite p { margin: 0; }
.bi-invite .bi-invite__title { color: var(--pui-color-text); font-weight: var(--pui-font-weight-bold); margin-bottom: var(--pui-space-xs); }
.bi-loading { display: flex; justify-content: center; padding: var(--pui-space-xl); min-height: 200px; align-items: center; }
.bi-nowrap { white-space: nowrap; }
.bi-table__count, .bi-table__note { margin: 0 0 var(--pui-space-sm); color: var(--pui-color-text-muted); }
.bi-views { margin-bottom: var(--pui-space-md); }
.bi-rejected__request { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.bi-rejected__muted { color: var(--pui-color-text-muted); font-size: 0.875em; }
.bi-rejected__id { font-size: 0.8em; max-width: 16rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; display: block; }
/* The detail row spans the whole (horizontally scrolling) table: keep its text within the screen. */
.bi-rejected__detail { position: sticky; left: var(--pui-space-sm); max-width: calc(100vw - 3rem); }
.bi-rejected__detail h3 { font-size: 1rem; margin: var(--pui-space-sm) 0; }
.bi-rejected__detail ul { margin: 0 0 var(--pui-space-md); padding-left: 1.2rem; }
.bi-rejected__detail code { white-space: pre-wrap; overflow-wrap: anywhere; }
.bi-rejected__payload { max-height: 24rem; overflow: auto; background: var(--pui-color-surface-alt);
  border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); padding: var(--pui-space-sm);
  font-size: 0.8rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.bi-kind { display: inline-block; padding: 1px 8px; border-radius: var(--pui-radius-pill); font-size: 0.85em; white-space: nowrap;
  border: 1px solid var(--pui-color-border); }
.bi-kind--invalid, .bi-kind--schema, .bi-kind--unstorable, .bi-kind--retraction_refused { background: var(--pui-color-danger-soft); color: var(--pui-color-text); }
.bi-kind--irrelevant, .bi-kind--other_shipment { background: var(--pui-color-surface-alt); color: var(--pui-color-text); }
.bi-kind--clamped { background: var(--pui-color-warning-soft); color: var(--pui-color-text); }
.bi-kind--retracted { background: var(--pui-color-info-soft); color: var(--pui-color-text); }
${mobile} {
  .bi-selectors { grid-template-columns: minmax(0, 1fr); }
  .pui-list-actions > .pui-button { flex: 1 1 auto; }
  .bi-chart__canvas { min-height: 320px; }
}
`;

export function ensureBiStyles(): void {
  injectStyleSheet(STYLE_ID, css);
}
