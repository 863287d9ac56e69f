// CSS of this remote's pages, injected once when a page first renders (the builds have no CSS loaders).
import { injectStyleSheet, tokens } from '@portal/shared-ui';

const STYLE_ID = 'trk-styles';
const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

const css = `
.trk-page { display: flex; flex-direction: column; gap: var(--pui-space-md); min-width: 0; }
.trk-page__head { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: var(--pui-space-sm); }
.trk-page__head h1 { margin: 0; font-size: var(--pui-font-size-xl); color: var(--pui-color-primary); }
.trk-page__head a.pui-button { text-decoration: none; }
.trk-page__subtitle { margin: var(--pui-space-xxs) 0 0; color: var(--pui-color-text-muted); }
.trk-card {
  padding: var(--pui-space-lg); background: var(--pui-color-surface);
  border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-lg); box-shadow: var(--pui-shadow-sm);
}
.trk-card > h2 { margin: 0 0 var(--pui-space-md); font-size: var(--pui-font-size-lg); color: var(--pui-color-primary); }
.trk-status {
  display: inline-block; padding: 1px 8px; border-radius: var(--pui-radius-pill); white-space: nowrap;
  font-size: var(--pui-font-size-xs); font-weight: var(--pui-font-weight-bold);
  background: var(--pui-color-surface-alt); color: var(--pui-color-text-muted); border: 1px solid var(--pui-color-border);
}
.trk-status--new { background: var(--pui-color-info-soft); color: var(--pui-color-info); border-color: transparent; }
.trk-status--ongoing { background: var(--pui-color-success-soft); color: var(--pui-color-success); border-color: transparent; }
.trk-status--invalid { background: var(--pui-color-danger-soft); color: var(--pui-color-danger); border-color: transparent; }
.trk-status--pending_archiving, .trk-status--pending_cancelling { background: var(--pui-color-warning-soft); color: var(--pui-color-warning); border-color: transparent; }
.trk-actions { display: flex; flex-wrap: nowrap; gap: var(--pui-space-xs); }
.trk-actions--bottom { flex-wrap: wrap; gap: var(--pui-space-sm); }
.trk-inline { display: flex; align-items: center; gap: var(--pui-space-xs); min-width: 140px; }
.trk-inline .pui-input, .trk-inline .pui-select { height: var(--pui-control-height-sm); font-size: var(--pui-font-size-sm); }
.trk-inline .pui-input:not(:focus):not(:hover) { border-color: var(--pui-color-border); background: var(--pui-color-surface-alt); }
.trk-list td { white-space: nowrap; }
/* the default columns fit at 1366 px: tighter cells, long texts and headers on two lines */
.trk-list .pui-table th, .trk-list .pui-table td { padding-left: 6px; padding-right: 6px; }
.trk-list .pui-table th { white-space: normal; min-width: 56px; max-width: 120px; line-height: 1.25; vertical-align: bottom; }
.trk-list .trk-wrap { display: inline-block; min-width: 112px; max-width: 160px; white-space: normal; line-height: 1.3; }
.trk-list .trk-inline { min-width: 108px; }
.trk-list .trk-inline .pui-input { width: 108px; }
@media (min-width: ${tokens.breakpoint.mobile + 1}px) {
  .trk-list--actions tr > :last-child {
    position: sticky; right: 0; z-index: 1; background: var(--pui-color-surface); box-shadow: inset 1px 0 0 var(--pui-color-border);
  }
  .trk-list--actions thead tr > :last-child { z-index: 2; background: var(--pui-color-surface-alt); }
  .trk-list--actions tbody tr.pui-table__row:hover > :last-child { background: var(--pui-color-surface-hover); }
}
.trk-reasons { flex-basis: 100%; margin: 0; padding: 0; list-style: none; color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); }
.trk-health { display: inline-flex; gap: var(--pui-space-xs); white-space: nowrap; }
.trk-health__dot { display: inline-flex; align-items: center; gap: 3px; }
.trk-health__dot::before { content: ''; width: 8px; height: 8px; border-radius: 50%; background: currentColor; }
.trk-health--ontrack { color: var(--pui-color-success); }
.trk-health--delayed { color: var(--pui-color-warning); }
.trk-health--alerted { color: var(--pui-color-danger); }
.trk-health__label { color: var(--pui-color-text, inherit); }
.trk-link { color: var(--pui-color-accent); font-weight: var(--pui-font-weight-medium); text-decoration: none; }
.trk-link:hover { text-decoration: underline; }
.trk-expander {
  display: inline-flex; align-items: center; justify-content: center; gap: 4px; min-width: 28px; height: 24px; padding: 0 6px;
  border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-sm); background: var(--pui-color-surface);
  color: var(--pui-color-primary); font: inherit; font-size: var(--pui-font-size-xs); cursor: pointer;
}
.trk-expander:hover { border-color: var(--pui-color-primary); }
.trk-form { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: var(--pui-space-md) var(--pui-space-lg); }
.trk-form__wide { grid-column: 1 / -1; }
.trk-form__buttons { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); grid-column: 1 / -1; }
.trk-form__note { grid-column: 1 / -1; margin: 0; color: var(--pui-color-text-muted); font-size: var(--pui-font-size-xs); }
.trk-required { color: var(--pui-color-danger); margin-left: 2px; }
.trk-bulk__buttons { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); align-items: center; }
.trk-bulk__help { margin: 0 0 var(--pui-space-md); color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); }
.trk-bulk progress { width: 100%; height: 10px; margin-top: var(--pui-space-sm); accent-color: var(--pui-color-primary); }
.trk-bulk__result { margin-top: var(--pui-space-md); padding: var(--pui-space-md); border-radius: var(--pui-radius-md); font-size: var(--pui-font-size-sm); }
.trk-bulk__result--error { background: var(--pui-color-danger-soft); border: 1px solid var(--pui-color-danger); }
.trk-bulk__result--ok { background: var(--pui-color-success-soft); border: 1px solid var(--pui-color-success); color: var(--pui-color-success); }
.trk-bulk__result p { margin: 0 0 var(--pui-space-xs); font-weight: var(--pui-font-weight-medium); }
.trk-bulk__rows { margin: 0; padding-left: var(--pui-space-lg); max-height: 260px; overflow-y: auto; }
.trk-bulk__rows li + li { margin-top: 2px; }
.trk-facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: var(--pui-space-md) var(--pui-space-lg); margin: 0; }
.trk-facts dt { font-size: var(--pui-font-size-xs); color: var(--pui-color-text-muted); text-transform: uppercase; letter-spacing: 0.03em; }
.trk-facts dd { margin: 2px 0 0; font-weight: var(--pui-font-weight-medium); overflow-wrap: anywhere; }
.trk-note { margin: 0 0 var(--pui-space-md); padding: var(--pui-space-sm) var(--pui-space-md); border-radius: var(--pui-radius-md); background: var(--pui-color-info-soft); color: var(--pui-color-info); font-size: var(--pui-font-size-sm); }
.trk-warnings { margin: 0; padding: var(--pui-space-sm) var(--pui-space-md) var(--pui-space-sm) var(--pui-space-xl); border-radius: var(--pui-radius-md); background: var(--pui-color-warning-soft); color: var(--pui-color-warning); font-size: var(--pui-font-size-sm); }
.trk-toolbar { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--pui-space-sm); margin-bottom: var(--pui-space-sm); }
.trk-muted { color: var(--pui-color-text-muted); }
.trk-mono { font-family: var(--pui-font-family-mono); }
${mobile} {
  .trk-form { grid-template-columns: 1fr; }
  .trk-card { padding: var(--pui-space-md); }
  .trk-page__head > .pui-button, .trk-form__buttons > .pui-button, .trk-bulk__buttons > .pui-button { flex: 1 1 auto; }
  .trk-facts { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
`;

/** Adds this remote's CSS once (safe to call on every render). */
export function ensureTrackingStyles(): void {
  injectStyleSheet(STYLE_ID, css);
}
