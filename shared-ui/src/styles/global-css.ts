import { cssVariables } from './css-variables';
import { tokens } from './tokens';

const mobile = `@media (max-width: ${tokens.breakpoint.mobile}px)`;

/**
 * All CSS of the design system, in one string (the builds have no CSS loaders).
 * Class names are prefixed `pui-`. Injected once by `injectGlobalStyles()` / `<GlobalStyles />`.
 */
export const globalCss = `
:root {
${cssVariables()}
}

*, *::before, *::after { box-sizing: border-box; }

body {
  margin: 0;
  background: var(--pui-color-page);
  color: var(--pui-color-text);
  font-family: var(--pui-font-family);
  font-size: var(--pui-font-size-md);
  line-height: var(--pui-font-line-height);
  -webkit-font-smoothing: antialiased;
}

.pui-visually-hidden {
  position: absolute !important;
  width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}

/* ---------- Button ---------- */
.pui-button {
  display: inline-flex; align-items: center; justify-content: center; gap: var(--pui-space-xs);
  height: var(--pui-control-height-md); padding: 0 var(--pui-space-md);
  border: 1px solid transparent; border-radius: var(--pui-radius-md);
  font: inherit; font-weight: var(--pui-font-weight-medium); line-height: 1; white-space: nowrap;
  cursor: pointer; user-select: none;
  transition: background-color var(--pui-transition-fast), border-color var(--pui-transition-fast), color var(--pui-transition-fast);
}
.pui-button:focus-visible { outline: 2px solid var(--pui-color-focus); outline-offset: 2px; }
.pui-button:disabled { cursor: not-allowed; opacity: 0.55; }
.pui-button[aria-busy='true'] { cursor: progress; }
.pui-button--sm { height: var(--pui-control-height-sm); padding: 0 var(--pui-space-sm); font-size: var(--pui-font-size-sm); }
.pui-button--primary { background: var(--pui-color-primary); color: var(--pui-color-text-inverse); }
.pui-button--primary:hover:not(:disabled) { background: var(--pui-color-primary-hover); }
.pui-button--primary:active:not(:disabled) { background: var(--pui-color-primary-active); }
.pui-button--secondary { background: var(--pui-color-surface); color: var(--pui-color-primary); border-color: var(--pui-color-border-strong); }
.pui-button--secondary:hover:not(:disabled) { background: var(--pui-color-surface-hover); border-color: var(--pui-color-primary); }
.pui-button--danger { background: var(--pui-color-danger); color: var(--pui-color-text-inverse); }
.pui-button--danger:hover:not(:disabled) { background: var(--pui-color-danger-hover); }
.pui-button--link {
  height: auto; padding: 0; background: none; border: 0; color: var(--pui-color-accent);
  font-weight: var(--pui-font-weight-normal);
}
.pui-button--link:hover:not(:disabled) { text-decoration: underline; }

/* ---------- Spinner ---------- */
@keyframes pui-spin { to { transform: rotate(360deg); } }
.pui-spinner {
  display: inline-block; flex: none; width: 20px; height: 20px;
  border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%;
  animation: pui-spin 0.7s linear infinite; vertical-align: middle;
}
.pui-spinner--sm { width: 14px; height: 14px; }
.pui-spinner--lg { width: 36px; height: 36px; border-width: 3px; }
.pui-spinner-page {
  position: fixed; inset: 0; z-index: var(--pui-z-index-spinner-page);
  display: flex; flex-direction: column; align-items: center; justify-content: center; gap: var(--pui-space-md);
  background: rgba(241, 243, 246, 0.72); color: var(--pui-color-primary);
}
.pui-spinner-page__label { color: var(--pui-color-text); font-weight: var(--pui-font-weight-medium); }
@media (prefers-reduced-motion: reduce) { .pui-spinner { animation-duration: 2s; } }

/* ---------- Form fields ---------- */
.pui-field { display: flex; flex-direction: column; gap: var(--pui-space-xs); min-width: 0; }
.pui-field__label { font-size: var(--pui-font-size-sm); font-weight: var(--pui-font-weight-medium); color: var(--pui-color-text); }
.pui-field__hint { font-size: var(--pui-font-size-xs); color: var(--pui-color-text-muted); }
.pui-field__error { margin: 0; padding: 0; list-style: none; font-size: var(--pui-font-size-xs); color: var(--pui-color-danger); }
.pui-input, .pui-select {
  width: 100%; height: var(--pui-control-height-md); padding: 0 var(--pui-space-sm);
  border: 1px solid var(--pui-color-border-strong); border-radius: var(--pui-radius-md);
  background: var(--pui-color-surface); color: var(--pui-color-text); font: inherit;
  transition: border-color var(--pui-transition-fast), box-shadow var(--pui-transition-fast);
}
.pui-input::placeholder { color: var(--pui-color-text-muted); }
.pui-input:hover:not(:disabled), .pui-select:hover:not(:disabled) { border-color: var(--pui-color-primary); }
.pui-input:focus, .pui-select:focus {
  outline: none; border-color: var(--pui-color-focus); box-shadow: 0 0 0 3px rgba(47, 125, 225, 0.2);
}
.pui-input:disabled, .pui-select:disabled { background: var(--pui-color-surface-alt); color: var(--pui-color-text-muted); cursor: not-allowed; }
.pui-input[aria-invalid='true'], .pui-select[aria-invalid='true'] { border-color: var(--pui-color-danger); }
.pui-input[aria-invalid='true']:focus, .pui-select[aria-invalid='true']:focus { box-shadow: 0 0 0 3px rgba(198, 40, 40, 0.18); }
.pui-select {
  appearance: none; padding-right: 28px; cursor: pointer;
  background-image: linear-gradient(45deg, transparent 50%, var(--pui-color-text-muted) 50%),
    linear-gradient(135deg, var(--pui-color-text-muted) 50%, transparent 50%);
  background-position: calc(100% - 15px) 50%, calc(100% - 10px) 50%;
  background-size: 5px 5px; background-repeat: no-repeat;
}
.pui-checkbox { display: inline-flex; align-items: center; gap: var(--pui-space-sm); cursor: pointer; min-height: 24px; }
.pui-checkbox input { width: 16px; height: 16px; margin: 0; accent-color: var(--pui-color-primary); cursor: inherit; }
.pui-checkbox--disabled { cursor: not-allowed; color: var(--pui-color-text-muted); }

/* ---------- Toggle buttons ---------- */
.pui-toggle-buttons { display: flex; flex-direction: column; gap: var(--pui-space-xs); }
.pui-toggle-buttons__group { display: flex; flex-wrap: wrap; gap: var(--pui-space-xs); }
.pui-toggle-buttons__button {
  height: var(--pui-control-height-sm); padding: 0 var(--pui-space-md);
  border: 1px solid var(--pui-color-border-strong); border-radius: var(--pui-radius-pill);
  background: var(--pui-color-surface); color: var(--pui-color-text); font: inherit; font-size: var(--pui-font-size-sm);
  cursor: pointer; transition: background-color var(--pui-transition-fast), border-color var(--pui-transition-fast);
}
.pui-toggle-buttons__button:hover:not(:disabled) { border-color: var(--pui-color-primary); }
.pui-toggle-buttons__button[aria-pressed='true'] {
  background: var(--pui-color-primary); border-color: var(--pui-color-primary); color: var(--pui-color-text-inverse);
}
.pui-toggle-buttons__button:focus-visible { outline: 2px solid var(--pui-color-focus); outline-offset: 2px; }

/* ---------- Tabs ---------- */
.pui-tabs {
  display: flex; gap: var(--pui-space-xxs); overflow-x: auto; scrollbar-width: thin;
  border-bottom: 1px solid var(--pui-color-border);
}
.pui-tabs__tab {
  display: inline-flex; align-items: center; gap: var(--pui-space-sm); flex: none;
  padding: var(--pui-space-sm) var(--pui-space-md); margin-bottom: -1px;
  border: 0; border-bottom: 3px solid transparent; background: none;
  color: var(--pui-color-text-muted); font: inherit; font-weight: var(--pui-font-weight-medium);
  text-decoration: none; white-space: nowrap; cursor: pointer;
}
.pui-tabs__tab:hover { color: var(--pui-color-primary); background: var(--pui-color-surface-hover); }
.pui-tabs__tab[aria-selected='true'] { color: var(--pui-color-primary); border-bottom-color: var(--pui-color-primary); }
.pui-tabs__tab:focus-visible { outline: 2px solid var(--pui-color-focus); outline-offset: -2px; }
.pui-tabs__count {
  min-width: 22px; padding: 1px 7px; border-radius: var(--pui-radius-pill);
  background: var(--pui-color-primary-soft); color: var(--pui-color-primary);
  font-size: var(--pui-font-size-xs); font-weight: var(--pui-font-weight-bold); text-align: center;
}
.pui-tabs__tab[aria-selected='true'] .pui-tabs__count { background: var(--pui-color-primary); color: var(--pui-color-text-inverse); }

/* ---------- Table ---------- */
.pui-table-wrap {
  position: relative; background: var(--pui-color-surface);
  border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-lg); box-shadow: var(--pui-shadow-sm);
}
.pui-table-scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; border-radius: inherit; }
.pui-table-scroll:focus-visible { outline: 2px solid var(--pui-color-focus); outline-offset: -2px; }
.pui-table { width: 100%; border-collapse: collapse; font-size: var(--pui-font-size-sm); font-variant-numeric: tabular-nums; }
.pui-table th, .pui-table td { padding: 7px var(--pui-space-md); text-align: left; vertical-align: middle; border-bottom: 1px solid var(--pui-color-border); }
.pui-table th {
  position: sticky; top: 0; background: var(--pui-color-surface-alt); color: var(--pui-color-text-muted);
  font-size: var(--pui-font-size-xs); font-weight: var(--pui-font-weight-bold); text-transform: uppercase; letter-spacing: 0.03em; white-space: nowrap;
}
.pui-table tbody tr:last-child > td { border-bottom: 0; }
/* wide tables: the first column (the row's key) stays in view while the rest scrolls sideways */
.pui-table--sticky-first .pui-table tr > :first-child {
  position: sticky; left: 0; z-index: 1; background: var(--pui-color-surface); box-shadow: inset -1px 0 0 var(--pui-color-border);
}
.pui-table--sticky-first .pui-table thead tr > :first-child { z-index: 2; background: var(--pui-color-surface-alt); }
.pui-table tbody tr.pui-table__row:hover > td { background: var(--pui-color-surface-hover); }
.pui-table__sort {
  display: inline-flex; align-items: center; gap: var(--pui-space-xs); padding: 0; border: 0; background: none;
  color: inherit; font: inherit; text-transform: inherit; letter-spacing: inherit; cursor: pointer;
}
.pui-table__sort:hover, th[aria-sort='ascending'] .pui-table__sort, th[aria-sort='descending'] .pui-table__sort { color: var(--pui-color-primary); }
.pui-table__sort:focus-visible { outline: 2px solid var(--pui-color-focus); outline-offset: 2px; }
.pui-table__sort-icon { font-size: 10px; opacity: 0.45; }
th[aria-sort='ascending'] .pui-table__sort-icon, th[aria-sort='descending'] .pui-table__sort-icon { opacity: 1; }
.pui-table__expander-cell { width: 36px; padding-right: 0 !important; }
.pui-table__expander {
  display: inline-flex; align-items: center; justify-content: center; width: 24px; height: 24px; padding: 0;
  border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-sm); background: var(--pui-color-surface);
  color: var(--pui-color-primary); cursor: pointer; transition: transform var(--pui-transition-fast);
}
.pui-table__expander[aria-expanded='true'] { transform: rotate(90deg); }
.pui-table__expanded > td { background: var(--pui-color-surface-alt); }
.pui-table__empty { padding: var(--pui-space-xl) !important; text-align: center !important; color: var(--pui-color-text-muted); }
.pui-table__loading {
  position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
  background: rgba(255, 255, 255, 0.65); color: var(--pui-color-primary); border-radius: inherit;
}
.pui-table-wrap > .pui-pager { border-top: 1px solid var(--pui-color-border); }

/* ---------- Pager ---------- */
.pui-pager { display: flex; align-items: center; justify-content: flex-end; gap: var(--pui-space-md); padding: var(--pui-space-sm) var(--pui-space-md); }
.pui-pager__status { color: var(--pui-color-text-muted); font-size: var(--pui-font-size-sm); white-space: nowrap; }

/* ---------- Modal ---------- */
.pui-modal-backdrop {
  position: fixed; inset: 0; z-index: var(--pui-z-index-modal);
  display: flex; align-items: flex-start; justify-content: center; padding: 6vh var(--pui-space-lg);
  background: var(--pui-color-backdrop); overflow-y: auto;
}
.pui-modal {
  display: flex; flex-direction: column; width: 100%; max-height: 88vh;
  background: var(--pui-color-surface); border-radius: var(--pui-radius-lg); box-shadow: var(--pui-shadow-lg);
}
.pui-modal:focus { outline: none; }
.pui-modal--sm { max-width: 400px; }
.pui-modal--md { max-width: 600px; }
.pui-modal--lg { max-width: 960px; }
.pui-modal__header {
  display: flex; align-items: center; justify-content: space-between; gap: var(--pui-space-md);
  padding: var(--pui-space-md) var(--pui-space-lg); border-bottom: 1px solid var(--pui-color-border);
}
.pui-modal__title { margin: 0; font-size: var(--pui-font-size-lg); font-weight: var(--pui-font-weight-bold); color: var(--pui-color-primary); }
.pui-modal__close, .pui-notification__close {
  display: inline-flex; align-items: center; justify-content: center; flex: none; width: 28px; height: 28px; padding: 0;
  border: 0; border-radius: var(--pui-radius-md); background: none; color: var(--pui-color-text-muted);
  font-size: 20px; line-height: 1; cursor: pointer;
}
.pui-modal__close:hover { background: var(--pui-color-surface-hover); color: var(--pui-color-text); }
.pui-modal__close:focus-visible, .pui-notification__close:focus-visible { outline: 2px solid var(--pui-color-focus); }
.pui-modal__body { padding: var(--pui-space-lg); overflow-y: auto; }
.pui-modal__footer {
  display: flex; flex-wrap: wrap; justify-content: flex-end; gap: var(--pui-space-sm);
  padding: var(--pui-space-md) var(--pui-space-lg); border-top: 1px solid var(--pui-color-border); background: var(--pui-color-surface-alt);
  border-radius: 0 0 var(--pui-radius-lg) var(--pui-radius-lg);
}

/* ---------- Popover ---------- */
.pui-popover { position: relative; display: inline-block; }
.pui-popover__trigger {
  display: inline-flex; align-items: center; gap: var(--pui-space-xs); padding: var(--pui-space-xs);
  border: 1px solid transparent; border-radius: var(--pui-radius-md); background: none; color: inherit; font: inherit; cursor: pointer;
}
.pui-popover__trigger:hover, .pui-popover__trigger[aria-expanded='true'] { background: var(--pui-color-surface-hover); border-color: var(--pui-color-border); }
.pui-popover__trigger:focus-visible { outline: 2px solid var(--pui-color-focus); outline-offset: 1px; }
.pui-popover__panel {
  position: absolute; top: calc(100% + 4px); z-index: var(--pui-z-index-popover);
  min-width: 200px; max-width: min(360px, calc(100vw - 16px)); padding: var(--pui-space-md);
  background: var(--pui-color-surface); border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-lg);
  box-shadow: var(--pui-shadow-md); text-align: left;
}
.pui-popover__panel--start { left: 0; }
.pui-popover__panel--end { right: 0; }
.pui-popover__panel:focus { outline: none; }

/* ---------- Notifications ---------- */
.pui-notifications {
  position: fixed; left: var(--pui-space-lg); bottom: var(--pui-space-lg); z-index: var(--pui-z-index-notifications);
  display: flex; flex-direction: column-reverse; gap: var(--pui-space-sm);
  width: 360px; max-width: calc(100vw - 2 * var(--pui-space-lg)); pointer-events: none;
}
.pui-notification {
  display: flex; align-items: flex-start; gap: var(--pui-space-sm); padding: var(--pui-space-md);
  border: 1px solid var(--pui-color-border); border-left: 4px solid var(--pui-color-info); border-radius: var(--pui-radius-md);
  background: var(--pui-color-surface); box-shadow: var(--pui-shadow-md); pointer-events: auto;
  animation: pui-notification-in 160ms ease-out;
}
@keyframes pui-notification-in { from { opacity: 0; transform: translateY(8px); } to { opacity: 1; transform: none; } }
.pui-notification__content { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.pui-notification__title { font-weight: var(--pui-font-weight-bold); }
.pui-notification__body { margin-top: var(--pui-space-xxs); font-size: var(--pui-font-size-sm); }
.pui-notification__fields { margin: var(--pui-space-xxs) 0 0; padding: 0; list-style: none; font-size: var(--pui-font-size-sm); }
.pui-notification__field + .pui-notification__field { margin-top: var(--pui-space-xxs); }
.pui-notification__field-label { font-weight: var(--pui-font-weight-bold); margin-right: var(--pui-space-xs); }
.pui-notification__close { width: 22px; height: 22px; font-size: 18px; color: inherit; opacity: 0.7; }
.pui-notification__close:hover { opacity: 1; }
.pui-notification--info { border-left-color: var(--pui-color-info); background: var(--pui-color-info-soft); }
.pui-notification--warning { border-left-color: var(--pui-color-warning); background: var(--pui-color-warning-soft); }
.pui-notification--success { border-color: var(--pui-color-success); border-left-color: var(--pui-color-success); background: var(--pui-color-success-soft); color: var(--pui-color-success); }
.pui-notification--error { border-color: var(--pui-color-danger); border-left-color: var(--pui-color-danger); background: var(--pui-color-danger-soft); color: var(--pui-color-danger); }
.pui-notification--success .pui-notification__body, .pui-notification--success .pui-notification__fields,
.pui-notification--error .pui-notification__body, .pui-notification--error .pui-notification__fields { color: var(--pui-color-text); }

/* ---------- Standalone development mount (src/app/mount-standalone) ---------- */
.pui-devbar {
  display: flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-sm);
  padding: var(--pui-space-sm) var(--pui-space-lg); background: var(--pui-color-primary); color: var(--pui-color-text-inverse);
  font-size: var(--pui-font-size-sm);
}
.pui-devbar form { display: flex; flex-wrap: wrap; gap: var(--pui-space-xs); margin-left: auto; }
.pui-devbar input { height: var(--pui-control-height-sm); padding: 0 var(--pui-space-sm); border: 0; border-radius: var(--pui-radius-sm); font: inherit; }
.pui-devbar button {
  height: var(--pui-control-height-sm); padding: 0 var(--pui-space-md); border: 1px solid rgba(255, 255, 255, 0.6);
  border-radius: var(--pui-radius-sm); background: transparent; color: inherit; font: inherit; cursor: pointer;
}
.pui-standalone { padding: var(--pui-space-lg); }

${mobile} {
  .pui-modal-backdrop { padding: var(--pui-space-sm); align-items: flex-end; }
  .pui-modal { max-width: none !important; max-height: calc(100vh - 16px); }
  .pui-modal__footer > .pui-button { flex: 1 1 auto; }
  .pui-notifications { left: var(--pui-space-sm); bottom: var(--pui-space-sm); width: auto; right: var(--pui-space-sm); max-width: none; }
  .pui-pager { justify-content: space-between; }
  .pui-table th, .pui-table td { padding: 6px var(--pui-space-sm); white-space: nowrap; }
  .pui-popover__panel { max-width: calc(100vw - 16px); }
}
`;
