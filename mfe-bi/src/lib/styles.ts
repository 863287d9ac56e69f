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
.bi-loading { display: flex; justify-content: center; padding: var(--pui-space-xl); min-height: 200px; align-items: center; }
.bi-table__count { margin: 0 0 var(--pui-space-sm); color: var(--pui-color-text-muted); }
${mobile} {
  .bi-selectors { grid-template-columns: minmax(0, 1fr); }
  .pui-list-actions > .pui-button { flex: 1 1 auto; }
  .bi-chart__canvas { min-height: 320px; }
}
`;

export function ensureBiStyles(): void {
  injectStyleSheet(STYLE_ID, css);
}
