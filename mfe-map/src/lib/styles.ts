// CSS of the map page, injected once when the page first renders (the builds have no CSS loaders); the route
// map's OpenLayers styles come from features/route-map/ol-css.ts and are injected with them.
import { injectStyleSheet, tokens } from '@portal/shared-ui';
import { olCss } from '../features/route-map/ol-css';

const STYLE_ID = 'mfe-map-where-styles';
const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

const css = `
.map-where-page { display: flex; flex-direction: column; gap: var(--pui-space-md); min-width: 0; }
.map-where-page__head h1 { margin: 0; font-size: var(--pui-font-size-xl); color: var(--pui-color-primary); }
.map-where-page__head p { margin: var(--pui-space-xxs) 0 0; color: var(--pui-color-text-muted); }
.map-where-filters {
  display: grid; grid-template-columns: minmax(200px, 2fr) repeat(3, minmax(140px, 1fr)) auto; gap: var(--pui-space-sm);
  align-items: end; padding: var(--pui-space-md); background: var(--pui-color-surface);
  border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-lg);
}
.map-where-filters > * { min-width: 0; }
.map-where-bar { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--pui-space-sm); }
.map-where-count { margin: 0; font-weight: var(--pui-font-weight-medium); }
.map-where-frame { position: relative; height: calc(100vh - 300px); min-height: 420px; }
.map-where-focus { height: 100%; }
.map-where-frame .map-route { height: 100%; min-height: 0; }
.map-where-focus:focus-visible { outline: 3px solid var(--pui-color-primary); outline-offset: 2px; }
/* Keyboard targets over the markers: invisible and out of the pointer's way until focused. */
.map-where-keys { position: absolute; inset: 0; pointer-events: none; overflow: hidden; }
.map-where-key {
  position: absolute; width: 32px; height: 32px; margin: -16px 0 0 -16px; padding: 0; border: 0; border-radius: 50%;
  background: transparent; opacity: 0; pointer-events: none;
}
.map-where-key:focus-visible { opacity: 1; outline: 3px solid #1b2633; box-shadow: 0 0 0 3px #ffffff, 0 0 0 6px #1b2633; }
.map-where-list {
  padding: var(--pui-space-md); background: var(--pui-color-surface); border: 1px solid var(--pui-color-border);
  border-radius: var(--pui-radius-lg);
}
.map-where-list h2 { margin: 0 0 var(--pui-space-sm); font-size: var(--pui-font-size-md); }
.map-where-list p { margin: 0; }
.map-where-list__items { list-style: none; margin: 0; padding: 0; }
.map-where-list__item {
  display: flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-xs) var(--pui-space-md);
  padding: var(--pui-space-xs) 0; border-bottom: 1px solid var(--pui-color-border);
}
.map-where-list__link { font-family: monospace; font-weight: var(--pui-font-weight-bold); min-width: 11ch; }
.map-where-list__facts { display: flex; flex-wrap: wrap; gap: var(--pui-space-xs) var(--pui-space-md); flex: 1 1 16rem; min-width: 0; }
.map-where-list__show {
  margin-left: auto; background: none; border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-md);
  padding: 2px var(--pui-space-sm); cursor: pointer; color: var(--pui-color-primary); font: inherit;
}
.map-where-list__more { color: var(--pui-color-text-muted); padding-top: var(--pui-space-xs); }
.map-where-state {
  position: absolute; left: 50%; top: 16px; transform: translateX(-50%); z-index: 2; max-width: calc(100% - 32px);
  padding: var(--pui-space-sm) var(--pui-space-md); background: var(--pui-color-surface); border-radius: var(--pui-radius-md);
  box-shadow: var(--pui-shadow-md); display: flex; align-items: center; gap: var(--pui-space-sm); text-align: center;
}
.map-where-legend {
  position: absolute; right: 8px; bottom: 8px; z-index: 1; max-width: 280px; padding: var(--pui-space-xs) var(--pui-space-sm);
  background: rgba(255,255,255,0.94); border-radius: var(--pui-radius-md); box-shadow: var(--pui-shadow-sm);
  font-size: var(--pui-font-size-xs);
}
.map-where-legend summary { cursor: pointer; font-weight: var(--pui-font-weight-bold); }
.map-where-legend ul { list-style: none; margin: var(--pui-space-xs) 0 0; padding: 0; display: grid; gap: 4px; }
.map-where-legend li { display: flex; align-items: center; gap: 8px; }
.map-where-swatch { flex: none; display: inline-block; width: 14px; height: 14px; border-radius: 50%; border: 2px solid #fff; box-shadow: 0 0 0 1px rgba(0,0,0,0.2); }
.map-where-swatch--big { width: 20px; height: 20px; background: #7c8794; }
.map-where-swatch--small { width: 10px; height: 10px; background: #7c8794; }
.map-where-ship { flex: none; width: 0; height: 0; border-top: 7px solid transparent; border-bottom: 7px solid transparent; border-left: 13px solid #0b3d91; }
.map-where__info {
  width: 320px; max-width: calc(100vw - 48px); max-height: 360px; overflow: auto; background: var(--pui-color-surface);
  border-radius: var(--pui-radius-md); box-shadow: var(--pui-shadow-lg); font-size: var(--pui-font-size-sm);
}
.map-where__info:empty { display: none; }
.map-where-info:focus { outline: none; }
.map-where-info:focus-visible { outline: 3px solid var(--pui-color-primary); }
.map-where-info__head {
  position: sticky; top: 0; display: flex; align-items: flex-start; justify-content: space-between; gap: var(--pui-space-xs);
  padding: var(--pui-space-xs) var(--pui-space-sm); background: var(--pui-color-primary); color: var(--pui-color-text-inverse);
}
.map-where-info__head h2 { margin: 0; font-size: var(--pui-font-size-md); }
.map-where-info__head p { margin: 2px 0 0; font-size: var(--pui-font-size-xs); opacity: 0.9; }
.map-where-info__close { background: none; border: 0; color: inherit; font-size: 20px; line-height: 1; cursor: pointer; padding: 0 4px; }
.map-where-info__list { list-style: none; margin: 0; padding: 0; }
.map-where-info__item { padding: var(--pui-space-xs) var(--pui-space-sm); border-bottom: 1px solid var(--pui-color-border); }
.map-where-info__item:last-child { border-bottom: 0; }
.map-where-info__item dl { display: grid; grid-template-columns: auto 1fr; gap: 2px var(--pui-space-sm); margin: 0; }
.map-where-info__item dt { color: var(--pui-color-text-muted); }
.map-where-info__item dd { margin: 0; overflow-wrap: anywhere; }
.map-where-info__title { display: flex; align-items: center; justify-content: space-between; gap: var(--pui-space-xs); margin-bottom: 4px; }
.map-where-info__title strong { font-family: monospace; font-size: var(--pui-font-size-md); }
.map-where-info__also { margin: 0; padding: var(--pui-space-xs) var(--pui-space-sm); font-size: 0.8125rem; font-weight: 600; border-top: 1px solid var(--pui-color-border); }
.map-where-info__more, .map-where-info__msg { margin: 0; padding: var(--pui-space-xs) var(--pui-space-sm); color: var(--pui-color-text-muted); }
.map-where-health { display: inline-flex; align-items: center; gap: 6px; }
.map-where-health::before { content: ''; width: 10px; height: 10px; border-radius: 50%; background: currentColor; }
.map-where-health--ontrack { color: #1e7b34; }
.map-where-health--delayed { color: #a86d00; }
.map-where-health--alerted { color: #c62828; }
.map-where-ft { white-space: normal; }
.map-where-ft--over { color: #c62828; font-weight: 600; }
${mobile} {
  .map-where-filters { grid-template-columns: 1fr 1fr; }
  .map-where-filters > :first-child { grid-column: 1 / -1; }
  .map-where-frame { height: calc(100vh - 360px); min-height: 380px; }
  .map-where-legend { max-width: calc(100% - 16px); }
  .map-where__info { max-height: 240px; }
}
`;

export function ensureMapStyles(): void {
  injectStyleSheet(STYLE_ID, olCss + css);
}
