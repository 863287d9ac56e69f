// The Export List modal's CSS, appended to the remote's stylesheet (src/lib/styles.ts).
export const exportCss = `
.shp-export-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr); gap: var(--pui-space-lg); }
.shp-export-meta { display: flex; flex-direction: column; gap: var(--pui-space-md); }
.shp-export-filters, .shp-export-columns { border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); padding: var(--pui-space-sm) var(--pui-space-md); margin: 0; min-width: 0; }
.shp-export-filters { grid-column: 1; }
.shp-export-columns { grid-column: 2; grid-row: 1 / span 2; max-height: 60vh; overflow: auto; }
.shp-export-filters legend, .shp-export-columns legend { font-weight: var(--pui-font-weight-medium); padding: 0 var(--pui-space-xs); }
.shp-export-filter-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: var(--pui-space-sm); }
.shp-export-filters { display: flex; flex-direction: column; gap: var(--pui-space-sm); }
.shp-export-group { border-top: 1px solid var(--pui-color-border); padding-top: var(--pui-space-xs); }
.shp-export-group summary { cursor: pointer; font-weight: var(--pui-font-weight-medium); padding: var(--pui-space-xs) 0; }
.shp-export-date { border: 0; margin: 0 0 var(--pui-space-xs); padding: 0; min-width: 0; }
.shp-export-date legend { font-size: var(--pui-font-size-sm); font-weight: var(--pui-font-weight-medium); padding: 0; }
.shp-export-date__inputs { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: var(--pui-space-xs) var(--pui-space-sm); }
.shp-export-others ul { margin: var(--pui-space-xxs) 0 0; padding-left: var(--pui-space-lg); }
.shp-export-section { border-top: 1px solid var(--pui-color-border); padding: var(--pui-space-xs) 0; }
.shp-export-section summary { cursor: pointer; font-weight: var(--pui-font-weight-medium); padding: var(--pui-space-xs) 0; }
.shp-export-fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: var(--pui-space-xxs) var(--pui-space-md); padding: var(--pui-space-xs) 0 var(--pui-space-xs) var(--pui-space-md); }
.shp-export-chosen { margin: 0 0 var(--pui-space-sm); padding-left: var(--pui-space-lg); font-size: var(--pui-font-size-sm); columns: 2; }
.shp-export-error { color: var(--pui-color-danger); font-weight: var(--pui-font-weight-medium); }
.shp-export-footer { display: flex; flex-wrap: wrap; gap: var(--pui-space-sm); justify-content: flex-end; }
@media (max-width: 620px) {
  .shp-export-grid { grid-template-columns: minmax(0, 1fr); }
  .shp-export-filters, .shp-export-columns { grid-column: 1; grid-row: auto; max-height: none; }
  .shp-export-chosen { columns: 1; }
}
`;
