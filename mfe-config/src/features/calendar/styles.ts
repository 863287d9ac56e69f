// CSS of the calendar-feed card, injected once (the builds have no CSS loaders).
import { injectStyleSheet, tokens } from '@portal/shared-ui';

const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

const css = `
/* the scope column is the widest: its longest choice ("Todos los envíos de mi empresa") fits at 1366 px */
.cal-form { display: grid; grid-template-columns: minmax(0, 1.5fr) minmax(0, 2.2fr) minmax(0, 1.8fr) minmax(0, 1.2fr) auto;
  gap: var(--pui-space-sm); align-items: end; margin-top: var(--pui-space-md); }
.cal-form .pui-field { margin: 0; }
.cal-created { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); align-items: center; padding: var(--pui-space-sm) var(--pui-space-md);
  background: var(--pui-color-info-soft); border-radius: var(--pui-radius-md); margin-top: var(--pui-space-sm); }
.cal-created__text { flex: 1 1 100%; }
.cal-created input { flex: 1 1 20rem; min-width: 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  padding: 6px 8px; border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-sm, 4px); background: var(--pui-color-surface, #fff); }
.cal-list { list-style: none; margin: var(--pui-space-sm) 0 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-xs); }
.cal-feed { display: flex; gap: var(--pui-space-md); align-items: center; justify-content: space-between; padding: var(--pui-space-xs) var(--pui-space-sm);
  border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); min-width: 0; }
.cal-feed--revoked { color: var(--pui-color-text-muted); }
.cal-feed__main { display: flex; flex-direction: column; gap: 2px; min-width: 0; overflow-wrap: anywhere; }
.cal-feed__meta { font-size: var(--pui-font-size-sm); color: var(--pui-color-text-muted); }
.cal-help { margin-top: var(--pui-space-md); }
.cal-help summary { cursor: pointer; font-weight: var(--pui-font-weight-medium); }
.cal-help p { margin: var(--pui-space-xs) 0 0; }
${mobile} {
  .cal-form { grid-template-columns: minmax(0, 1fr); }
  .cal-feed { flex-direction: column; align-items: stretch; }
}
`;

export function ensureCalendarStyles(): void {
  injectStyleSheet('cfg-calendar', css);
}
