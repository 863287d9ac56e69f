// The CSS of the tracking links (the detail's card and the public page), injected once at run time (the builds
// have no CSS loaders). The public page is laid out for 620 px and up without a horizontal scroll.
import { injectStyleSheet } from '@portal/shared-ui';

const mobile = '@media (max-width: 620px)';

const css = `
.shs-intro { margin: 0 0 var(--pui-space-md); color: var(--pui-color-text-muted); }
.shs-create { display: flex; flex-wrap: wrap; gap: var(--pui-space-md); align-items: flex-end; }
.shs-create .pui-field { min-width: 160px; }
.shs-created { margin-top: var(--pui-space-md); padding: var(--pui-space-md); border-radius: var(--pui-radius-md); background: var(--pui-color-success-soft, #e8f6ee); }
.shs-created p { margin: 0 0 var(--pui-space-sm); font-weight: var(--pui-font-weight-medium); }
.shs-copy { display: flex; gap: var(--pui-space-sm); }
.shs-copy input { flex: 1; min-width: 0; font: inherit; font-family: var(--pui-font-mono, monospace); font-size: var(--pui-font-size-sm); padding: 6px 8px; border: 1px solid var(--pui-color-border-strong); border-radius: var(--pui-radius-md); }
.shs-card h3 { margin: var(--pui-space-lg) 0 var(--pui-space-sm); font-size: var(--pui-font-size-md); }
.shs-links { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-sm); }
.shs-link { display: flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-md); padding: var(--pui-space-sm) var(--pui-space-md); border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md); }
.shs-link dl { display: flex; flex-wrap: wrap; gap: var(--pui-space-xs) var(--pui-space-lg); margin: 0; flex: 1; font-size: var(--pui-font-size-sm); }
.shs-link dt { color: var(--pui-color-text-muted); font-size: var(--pui-font-size-xs); }
.shs-link dd { margin: 0; }
.shs-link--revoked, .shs-link--expired { opacity: 0.7; }
.shs-badge { font-size: var(--pui-font-size-xs); padding: 2px 8px; border-radius: var(--pui-radius-pill); background: var(--pui-color-success-soft, #e8f6ee); color: var(--pui-color-success); white-space: nowrap; }
.shs-badge--revoked, .shs-badge--expired { background: var(--pui-color-surface-muted, #eef0f3); color: var(--pui-color-text-muted); }
.shs-confirm { display: inline-flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-sm); font-size: var(--pui-font-size-sm); }

.sht { display: flex; flex-direction: column; background: var(--pui-color-background, #f5f7fa); }
.sht-bar { display: flex; align-items: center; justify-content: space-between; gap: var(--pui-space-md); padding: var(--pui-space-md) var(--pui-space-xl, 32px); background: var(--pui-color-primary); color: #fff; }
.sht-bar strong { font-size: var(--pui-font-size-lg); overflow-wrap: anywhere; }
.sht-bar small { display: block; opacity: 0.8; font-size: var(--pui-font-size-xs); }
.sht-lang { border: 1px solid rgba(255,255,255,0.6); background: transparent; color: inherit; border-radius: var(--pui-radius-md); padding: 4px 10px; font: inherit; font-weight: var(--pui-font-weight-medium); cursor: pointer; }
.sht-main { width: 100%; max-width: 1040px; margin: 0 auto; padding: var(--pui-space-xl, 32px) var(--pui-space-lg); display: flex; flex-direction: column; gap: var(--pui-space-lg); box-sizing: border-box; }
.sht-main h1 { margin: 0; font-size: var(--pui-font-size-xl); }
.sht-panel { background: var(--pui-color-surface); border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-lg); box-shadow: var(--pui-shadow-sm); padding: var(--pui-space-lg); min-width: 0; }
.sht-panel > h2 { margin: 0 0 var(--pui-space-md); font-size: var(--pui-font-size-lg); }
.sht-facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: var(--pui-space-md); margin: 0; }
.sht-facts dt { color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); }
.sht-facts dd { margin: 2px 0 0; font-weight: var(--pui-font-weight-medium); overflow-wrap: anywhere; }
.sht-eta { font-size: var(--pui-font-size-xl); color: var(--pui-color-primary); }
.sht-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: var(--pui-space-lg); align-items: start; }
.sht-map { height: 320px; }
.sht-map .pui-remote-widget { height: 100%; }
.sht-timeline { list-style: none; margin: 0; padding: 0; }
.sht-step { position: relative; padding: 0 0 var(--pui-space-md) 28px; }
.sht-step::before { content: ''; position: absolute; left: 6px; top: 6px; bottom: -6px; width: 2px; background: var(--pui-color-border); }
.sht-step:last-child::before { display: none; }
.sht-step::after { content: ''; position: absolute; left: 0; top: 3px; width: 10px; height: 10px; border-radius: 50%; border: 2px solid var(--pui-color-primary); background: var(--pui-color-surface); }
.sht-step--actual::after { background: var(--pui-color-primary); }
.sht-step strong { display: block; }
.sht-step span { color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); }
.sht-gone { text-align: center; padding: var(--pui-space-xl, 32px) var(--pui-space-lg); }
.sht-gone h1 { margin-bottom: var(--pui-space-sm); }
.sht-foot { margin-top: auto; padding: var(--pui-space-md); text-align: center; color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); }
${mobile} {
  .sht-bar { padding: var(--pui-space-sm) var(--pui-space-md); }
  .sht-main { padding: var(--pui-space-md); }
  .sht-grid { grid-template-columns: minmax(0, 1fr); }
  .sht-map { height: 240px; }
  .shs-link dl { flex-basis: 100%; }
}
`;

export function ensureShareStyles(doc: Document | undefined = globalThis.document): void {
  injectStyleSheet('mfe-shipments-share', css, doc);
}
