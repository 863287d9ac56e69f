// The CSS of this remote's screens as a string (the builds have no CSS loaders), injected once at run time.
import { exportCss } from '../features/export/styles';
import { freeTimeCss } from '../features/free-time/styles';
const mobile = '@media (max-width: 620px)';

const shipmentsCss = `
.shp-page { display: flex; flex-direction: column; gap: var(--pui-space-lg); min-width: 0; }
.shp-page h1 { margin: 0; font-size: var(--pui-font-size-xl); }
.shp-head { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: var(--pui-space-md); }
.shp-head p { margin: var(--pui-space-xxs) 0 0; color: var(--pui-color-text-muted); }
.shp-actions { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); align-items: center; }
.shp-panel {
  background: var(--pui-color-surface); border: 1px solid var(--pui-color-border);
  border-radius: var(--pui-radius-lg); box-shadow: var(--pui-shadow-sm); padding: var(--pui-space-lg);
}
.shp-panel > h2 { margin: 0 0 var(--pui-space-md); font-size: var(--pui-font-size-lg); }
.shp-filters { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: var(--pui-space-md); align-items: end; }
.shp-filters .shp-span-2 { grid-column: span 2; }
.shp-more { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: var(--pui-space-md); margin-top: var(--pui-space-md); }
.shp-days { border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); padding: var(--pui-space-sm) var(--pui-space-md); margin: 0; min-width: 0; }
.shp-days legend { font-size: var(--pui-font-size-sm); font-weight: var(--pui-font-weight-medium); padding: 0 var(--pui-space-xs); }
.shp-days > div { display: grid; grid-template-columns: 1fr 1fr; gap: var(--pui-space-sm); }
.shp-filter-bar { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); align-items: center; justify-content: space-between; margin-top: var(--pui-space-md); }
.shp-count { color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); }
.shp-health { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
.shp-health::before { content: ''; width: 9px; height: 9px; border-radius: 50%; background: var(--pui-color-success); flex: none; }
.shp-health--delayed::before { background: var(--pui-color-warning); }
.shp-health--alerted::before { background: var(--pui-color-danger); }
.shp-link { color: var(--pui-color-accent); font-weight: var(--pui-font-weight-medium); text-decoration: none; }
.shp-link:hover { text-decoration: underline; }
.shp-alert-button {
  display: inline-block; max-width: 130px; padding: 2px 8px; vertical-align: middle;
  border: 1px solid var(--pui-color-danger); border-radius: var(--pui-radius-pill); background: var(--pui-color-danger-soft);
  color: var(--pui-color-danger); font: inherit; font-size: var(--pui-font-size-xs); cursor: pointer; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis;
}
.shp-alert-button:hover { background: #fbdada; }
.shp-alert-button--none { border-color: var(--pui-color-border); background: none; color: var(--pui-color-text-muted); }
.shp-icon-button { border: 1px solid var(--pui-color-border-strong); background: var(--pui-color-surface); border-radius: var(--pui-radius-md); cursor: pointer; padding: 2px 8px; color: var(--pui-color-primary); }
.shp-muted { color: var(--pui-color-text-muted); }
.shp-nowrap { white-space: nowrap; }
.shp-status { display: inline-block; min-width: 140px; max-width: 190px; white-space: normal; }
.shp-ctype { display: inline-block; max-width: 200px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom; }

/* dashboard */
.shp-dash-tabs { display: flex; align-items: flex-end; gap: var(--pui-space-sm); flex-wrap: wrap; }
.shp-dash-tabs .pui-tabs { flex: 1 1 auto; }
.shp-settings { display: flex; flex-direction: column; gap: var(--pui-space-md); width: min(300px, 78vw); max-width: 100%; }
.shp-settings h3 { margin: 0; font-size: var(--pui-font-size-md); }
.shp-codes { max-height: 260px; overflow: auto; display: flex; flex-direction: column; gap: 2px; border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); padding: var(--pui-space-xs) var(--pui-space-sm); }
.shp-codes__group { display: flex; flex-direction: column; gap: 2px; }
.shp-codes__group + .shp-codes__group { margin-top: var(--pui-space-xs); }
.shp-codes__group-title { margin: var(--pui-space-xs) 0 0; font-size: var(--pui-font-size-xs); font-weight: var(--pui-font-weight-bold); color: var(--pui-color-text-muted); text-transform: uppercase; letter-spacing: 0.03em; }
.shp-settings-bar { display: flex; gap: var(--pui-space-sm); align-items: center; flex-wrap: wrap; }

/* alert events modal */
.shp-alerts-table { width: 100%; border-collapse: collapse; font-size: var(--pui-font-size-sm); }
.shp-alerts-table th, .shp-alerts-table td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--pui-color-border); vertical-align: top; }
.shp-alerts-table tr[data-hidden='true'] td { color: var(--pui-color-text-muted); }
.shp-scroll { overflow-x: auto; }

/* custom form */
.shp-form { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: var(--pui-space-md); }

/* detail */
.shp-detail-grid { display: grid; grid-template-columns: minmax(260px, 1fr) 2fr; gap: var(--pui-space-lg); align-items: start; }
.shp-card dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px var(--pui-space-md); margin: 0; font-size: var(--pui-font-size-sm); }
.shp-card dt { color: var(--pui-color-text-muted); }
.shp-card dd { margin: 0; font-weight: var(--pui-font-weight-medium); overflow-wrap: anywhere; }
.shp-card__container { font-family: var(--pui-font-family-mono); font-size: var(--pui-font-size-lg); }
.shp-summary { display: flex; flex-direction: column; gap: var(--pui-space-md); }
.shp-route { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 0; padding: 0; list-style: none; }
.shp-route li { display: inline-flex; align-items: center; gap: 6px; }
.shp-route li + li::before { content: '→'; color: var(--pui-color-text-muted); }
.shp-port { display: inline-flex; align-items: center; gap: 6px; padding: 3px 10px; border-radius: var(--pui-radius-pill); background: var(--pui-color-primary-soft); font-size: var(--pui-font-size-sm); }
.shp-port small { color: var(--pui-color-text-muted); font-weight: var(--pui-font-weight-bold); }
.shp-facts { display: flex; flex-wrap: wrap; gap: var(--pui-space-lg); }
.shp-fact { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.shp-fact > span:first-child { font-size: var(--pui-font-size-xs); color: var(--pui-color-text-muted); text-transform: uppercase; letter-spacing: 0.04em; }
.shp-fact strong { font-size: var(--pui-font-size-lg); }
.shp-delta { display: inline-block; margin-left: 6px; padding: 0 7px; border-radius: var(--pui-radius-pill); font-size: var(--pui-font-size-sm); background: var(--pui-color-surface-alt); border: 1px solid var(--pui-color-border); }
.shp-delta--late { background: var(--pui-color-warning-soft); color: var(--pui-color-warning); border-color: transparent; }
.shp-delta--early { background: var(--pui-color-success-soft); color: var(--pui-color-success); border-color: transparent; }
.shp-legs { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); margin: 0; padding: 0; list-style: none; font-size: var(--pui-font-size-sm); }
.shp-legs li { padding: 3px 10px; border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); }
.shp-flag { width: 20px; height: 15px; border-radius: 2px; box-shadow: 0 0 0 1px rgba(0,0,0,0.12); flex: none; object-fit: cover; background: var(--pui-color-surface-alt); display: inline-block; }

/* calendars */
.shp-calendar-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: var(--pui-space-sm); margin-bottom: var(--pui-space-md); }
.shp-calendar-head h2 { margin: 0; font-size: var(--pui-font-size-lg); }
/* the whole journey at a glance: the steps wrap onto more rows instead of scrolling sideways */
.shp-calendar { position: relative; display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: var(--pui-space-sm); padding: 14px 2px 4px; }
.shp-progress { height: 6px; background: var(--pui-color-surface-alt); border-radius: var(--pui-radius-pill); overflow: hidden; border: 1px solid var(--pui-color-border); }
.shp-progress > div { height: 100%; background: var(--pui-color-success); transition: width 0.3s; }
.shp-step { position: relative; display: flex; flex-direction: column; gap: 4px; padding: var(--pui-space-sm); border: 1px solid var(--pui-color-border); border-top: 4px solid var(--pui-color-border); border-radius: var(--pui-radius-md); background: var(--pui-color-surface); font-size: var(--pui-font-size-xs); min-width: 0; }
.shp-step[data-state='done'] { border-top-color: var(--pui-color-success); background: var(--pui-color-success-soft); }
.shp-step[data-state='current'] { border-top-color: var(--pui-color-accent); background: var(--pui-color-info-soft); }
.shp-step__name { font-weight: var(--pui-font-weight-bold); font-size: var(--pui-font-size-sm); }
.shp-step__place { display: flex; align-items: center; gap: 6px; min-height: 18px; }
.shp-step__place code { font-family: var(--pui-font-family-mono); font-weight: var(--pui-font-weight-bold); }
.shp-step__port { color: var(--pui-color-text-muted); overflow-wrap: anywhere; }
.shp-step dl { display: grid; grid-template-columns: max-content 1fr; gap: 1px 6px; margin: 2px 0 0; }
.shp-step dt { font-size: 10px; letter-spacing: 0.04em; color: var(--pui-color-text-muted); }
.shp-step dd { margin: 0; font-variant-numeric: tabular-nums; white-space: nowrap; }
.shp-date--real { color: #000; font-weight: var(--pui-font-weight-bold); }
.shp-date--planned { color: var(--pui-color-text-muted); }
.shp-legend { display: flex; gap: var(--pui-space-md); font-size: var(--pui-font-size-xs); }

/* timeline and history */
.shp-timeline { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-md); }
.shp-timeline__group { display: grid; grid-template-columns: 150px 1fr; gap: var(--pui-space-md); }
.shp-timeline__when { font-variant-numeric: tabular-nums; font-weight: var(--pui-font-weight-bold); font-size: var(--pui-font-size-sm); }
.shp-timeline__events { list-style: none; margin: 0; padding: 0 0 0 var(--pui-space-md); border-left: 2px solid var(--pui-color-border); display: flex; flex-direction: column; gap: 6px; }
.shp-event { display: flex; gap: var(--pui-space-sm); align-items: flex-start; font-size: var(--pui-font-size-sm); }
.shp-event[data-hidden='true'] { opacity: 0.55; }
.shp-event__icon { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 26px; height: 26px; border-radius: 50%; background: var(--pui-color-primary-soft); color: var(--pui-color-primary); }
.shp-event__icon svg { width: 16px; height: 16px; }
.shp-event__icon[data-kind='alert'] { background: var(--pui-color-danger-soft); color: var(--pui-color-danger); }
.shp-event__icon[data-kind='vessel'] { background: var(--pui-color-info-soft); color: var(--pui-color-info); }
.shp-event__text { display: flex; flex-direction: column; }
.shp-timeline__bar { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--pui-space-sm); margin: calc(-1 * var(--pui-space-sm)) 0 var(--pui-space-sm); font-size: var(--pui-font-size-sm); }
.shp-event__times { display: flex; flex-wrap: wrap; gap: 2px var(--pui-space-md); margin-top: 2px; font-size: var(--pui-font-size-xs); color: var(--pui-color-text-muted); font-variant-numeric: tabular-nums; }
.shp-event__time[data-main] { color: var(--pui-color-text); font-weight: var(--pui-font-weight-medium); }
.shp-event__time-label { text-transform: uppercase; letter-spacing: 0.03em; font-size: 10px; }
.shp-history { width: 100%; border-collapse: collapse; font-size: var(--pui-font-size-sm); }
.shp-history th, .shp-history td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--pui-color-border); }
.shp-map { height: 380px; }
.shp-map .pui-remote-widget { height: 100%; }
.pui-remote-widget { display: flex; flex-direction: column; justify-content: center; min-height: 120px; }
.pui-remote-widget__fallback { display: flex; flex-direction: column; align-items: flex-start; gap: var(--pui-space-sm); padding: var(--pui-space-lg); border: 1px dashed var(--pui-color-border-strong); border-radius: var(--pui-radius-md); background: var(--pui-color-surface-alt); }
.pui-remote-widget__fallback p { margin: 0; }

${mobile} {
  .shp-detail-grid { grid-template-columns: 1fr; }
  .shp-filters { grid-template-columns: 1fr 1fr; }
  .shp-filters .shp-span-2 { grid-column: 1 / -1; }
  .shp-more { grid-template-columns: 1fr; }
  .shp-timeline__group { grid-template-columns: 1fr; gap: 4px; }
  .shp-panel { padding: var(--pui-space-md); }
  .shp-map { height: 300px; }
  .shp-dash-tabs .pui-tabs { flex-wrap: wrap; }
  .shp-calendar { grid-template-columns: repeat(auto-fit, minmax(136px, 1fr)); }
}
`;

const STYLE_ID = 'mfe-shipments-styles';

/** Puts this remote's CSS into the document once (idempotent). */
export function ensureShipmentStyles(doc: Document | undefined = globalThis.document): void {
  if (!doc || doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = shipmentsCss + exportCss + freeTimeCss;
  doc.head.appendChild(style);
}
