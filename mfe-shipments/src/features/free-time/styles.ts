// The CSS of the free-time card, badges, list cells and dashboard counts (added to the remote's one style string).
const mobile = '@media (max-width: 620px)';

export const freeTimeCss = `
.shp-ft-title { display: flex; align-items: center; gap: var(--pui-space-sm); flex-wrap: wrap; margin-bottom: var(--pui-space-md); }
.shp-ft-title h2 { margin: 0; font-size: var(--pui-font-size-lg); }
.shp-ft-badge { display: inline-flex; align-items: center; padding: 2px 8px; border-radius: var(--pui-radius-pill); font-size: var(--pui-font-size-sm); font-weight: var(--pui-font-weight-medium); white-space: nowrap; border: 1px solid transparent; }
.shp-ft-badge--danger { background: var(--pui-color-danger-soft); color: var(--pui-color-danger); border-color: var(--pui-color-danger); }
.shp-ft-badge--warning { background: var(--pui-color-warning-soft); color: var(--pui-color-text); border-color: var(--pui-color-warning); }
.shp-ft-badge--ok { background: var(--pui-color-success-soft); color: var(--pui-color-text); border-color: var(--pui-color-success); }
.shp-ft-badge--muted { background: var(--pui-color-surface-alt); color: var(--pui-color-text-muted); border-color: var(--pui-color-border); }
.shp-ft-clocks { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: var(--pui-space-lg); }
.shp-ft-clock { min-width: 0; }
.shp-ft-clock-head { display: flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-xs) var(--pui-space-sm); }
.shp-ft-clock-head h3 { margin: 0; font-size: var(--pui-font-size-md); }
.shp-ft-days { font-size: var(--pui-font-size-sm); }
.shp-ft-muted { color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); }
.shp-ft-tag { font-size: var(--pui-font-size-sm); padding: 1px 6px; border-radius: var(--pui-radius-sm); border: 1px dashed var(--pui-color-border); }
.shp-ft-line { margin: var(--pui-space-sm) 0; }
.shp-ft-track { position: relative; height: 8px; margin: 10px 6px; border-radius: 4px; background: var(--pui-color-border); }
.shp-ft-seg { position: absolute; top: 0; height: 100%; border-radius: 4px; }
.shp-ft-seg--free { background: var(--pui-color-success); }
.shp-ft-seg--over { background: var(--pui-color-danger); }
.shp-ft-dot { position: absolute; top: 50%; width: 12px; height: 12px; margin: -6px 0 0 -6px; border-radius: 50%; background: var(--pui-color-surface); border: 2px solid var(--pui-color-text); }
.shp-ft-dot--lfd { border-color: var(--pui-color-accent); }
.shp-ft-dot--today { border-color: var(--pui-color-danger); }
.shp-ft-marks { list-style: none; display: flex; justify-content: space-between; gap: var(--pui-space-sm); margin: 0; padding: 0; font-size: var(--pui-font-size-sm); }
.shp-ft-mark { display: flex; flex-direction: column; min-width: 0; }
.shp-ft-mark span { color: var(--pui-color-text-muted); }
.shp-ft-mark--lfd { text-align: center; }
.shp-ft-mark:last-child:not(:first-child) { text-align: right; }
.shp-ft-costs { display: flex; flex-wrap: wrap; gap: var(--pui-space-lg); margin: var(--pui-space-xs) 0 0; }
.shp-ft-costs div { display: flex; flex-direction: column; }
.shp-ft-costs dt { color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); }
.shp-ft-costs dd { margin: 0; font-weight: var(--pui-font-weight-medium); font-variant-numeric: tabular-nums; }
.shp-ft-rule { margin: var(--pui-space-md) 0 0; font-size: var(--pui-font-size-sm); }
.shp-ft-cell { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
.shp-ft-money { white-space: nowrap; font-variant-numeric: tabular-nums; }
.shp-ft-dash { display: flex; flex-wrap: wrap; gap: var(--pui-space-md); align-items: stretch; }
.shp-ft-count { display: flex; flex-direction: column; gap: 2px; min-width: 220px; padding: var(--pui-space-sm) var(--pui-space-md); border: 1px solid var(--pui-color-border); border-left-width: 4px; border-radius: var(--pui-radius-md); background: var(--pui-color-surface); color: inherit; text-decoration: none; }
.shp-ft-count:hover { box-shadow: var(--pui-shadow-sm); }
.shp-ft-count strong { font-size: 1.5rem; line-height: 1.1; }
.shp-ft-count span { font-size: var(--pui-font-size-sm); color: var(--pui-color-text-muted); }
.shp-ft-count--warning { border-left-color: var(--pui-color-warning); }
.shp-ft-count--danger { border-left-color: var(--pui-color-danger); }
/* Two columns of the filter grid: in one, its label and checkbox wrap and the row of filters grows tall. */
.shp-filters .shp-ft-filters { grid-column: span 2; }
.shp-ft-filters > div { align-items: end; }
.shp-ft-over { padding-bottom: var(--pui-space-sm); }
${mobile} {
  .shp-filters .shp-ft-filters { grid-column: 1 / -1; }
  .shp-ft-count { min-width: 0; flex: 1 1 140px; }
  .shp-ft-clocks { grid-template-columns: 1fr; }
}
`;
