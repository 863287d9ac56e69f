// The shell's own CSS (layout of the chrome). It uses the design tokens published by shared-ui's GlobalStyles.
export const shellCss = `
.shell { min-height: 100vh; display: flex; flex-direction: column; background: var(--pui-color-page); }
.shell__body { flex: 1; display: flex; min-height: 0; }
.shell__main { flex: 1; min-width: 0; padding: var(--pui-space-lg); }
.shell--public .shell__main { padding: 0; }

.shell-title-bar { background: var(--pui-color-surface); box-shadow: var(--pui-shadow-sm); position: relative; z-index: 10; }
.shell-title-bar__row, .shell-public-bar {
  display: flex; align-items: center; gap: var(--pui-space-md); min-height: 48px; padding: 0 var(--pui-space-lg);
  background: var(--pui-color-primary); color: var(--pui-color-text-inverse);
}
.shell-title-bar--placeholder { height: 88px; background: var(--pui-color-primary); }
.shell-title-bar__spacer { flex: 1; }
.shell-title-bar__nav-toggle {
  display: inline-flex; align-items: center; justify-content: center; width: 34px; height: 34px;
  border: 0; border-radius: var(--pui-radius-md); background: transparent; color: inherit; font-size: 20px; cursor: pointer;
}
.shell-title-bar__nav-toggle:hover { background: rgba(255, 255, 255, 0.14); }
.shell-title-bar__nav-toggle:focus-visible { outline: 2px solid var(--pui-color-text-inverse); outline-offset: 1px; }
.shell-title-bar__tabs { padding: 0 var(--pui-space-lg); }
.shell-title-bar__tabs .pui-tabs { border-bottom: 0; }
.shell-brand { color: inherit; font-weight: var(--pui-font-weight-bold); font-size: var(--pui-font-size-lg); text-decoration: none; white-space: nowrap; }
.shell-brand:hover { text-decoration: underline; }
.shell-public-bar__login { color: inherit; font-weight: var(--pui-font-weight-medium); }

.shell-lang { display: inline-flex; border: 1px solid rgba(255, 255, 255, 0.5); border-radius: var(--pui-radius-pill); overflow: hidden; }
.shell-lang__button {
  min-width: 34px; padding: 3px 8px; border: 0; background: transparent; color: inherit;
  font: inherit; font-size: var(--pui-font-size-xs); font-weight: var(--pui-font-weight-bold); cursor: pointer;
}
.shell-lang__button[aria-pressed='true'] { background: var(--pui-color-text-inverse); color: var(--pui-color-primary); }
.shell-lang__button:focus-visible { outline: 2px solid var(--pui-color-focus); outline-offset: -2px; }

.shell-user-menu .pui-popover__trigger { color: inherit; }
.shell-user-menu .pui-popover__trigger:hover, .shell-user-menu .pui-popover__trigger[aria-expanded='true'] {
  background: rgba(255, 255, 255, 0.14); border-color: transparent;
}
.shell-user-menu__trigger { display: inline-flex; align-items: center; gap: var(--pui-space-xs); }
.shell-menu { list-style: none; margin: 0; padding: 0; color: var(--pui-color-text); }
.shell-menu__item {
  display: block; width: 100%; padding: var(--pui-space-sm) var(--pui-space-md); border: 0; border-radius: var(--pui-radius-md);
  background: none; color: inherit; font: inherit; text-align: left; cursor: pointer;
}
.shell-menu__item:hover, .shell-menu__item:focus-visible { background: var(--pui-color-surface-hover); outline: none; }

.shell-side-nav { background: var(--pui-color-surface); border-right: 1px solid var(--pui-color-border); }
.shell-side-nav--panel { width: 220px; flex: none; padding: var(--pui-space-md) 0; }
.shell-side-nav--panel[hidden] { display: none; }
.shell-side-nav--drawer {
  position: fixed; top: 0; left: 0; bottom: 0; z-index: var(--pui-z-index-popover); width: min(280px, 85vw);
  padding: var(--pui-space-lg) 0; box-shadow: var(--pui-shadow-lg); transform: translateX(0);
  transition: transform var(--pui-transition-fast, 150ms) ease-out; display: block;
}
.shell-side-nav--drawer[hidden] { display: block; visibility: hidden; transform: translateX(-100%); }
.shell-side-nav__backdrop { position: fixed; inset: 0; z-index: calc(var(--pui-z-index-popover) - 1); background: var(--pui-color-backdrop); }
.shell-side-nav__list { list-style: none; margin: 0; padding: 0; }
.shell-side-nav__link {
  display: block; padding: var(--pui-space-sm) var(--pui-space-lg); color: var(--pui-color-text); text-decoration: none;
  border-left: 3px solid transparent;
}
.shell-side-nav__link:hover { background: var(--pui-color-surface-hover); }
.shell-side-nav__link.is-active { border-left-color: var(--pui-color-primary); color: var(--pui-color-primary); font-weight: var(--pui-font-weight-medium); background: var(--pui-color-primary-soft); }

.shell-footer { padding: var(--pui-space-md) var(--pui-space-lg); display: flex; flex-wrap: wrap; justify-content: center; column-gap: 1.5em; font-size: var(--pui-font-size-sm); color: var(--pui-color-text-muted); }
.shell-footer__link { color: inherit; text-decoration: none; }
.shell-footer__link:hover { text-decoration: underline; }
/* the links are spaced by the footer's gap and wrap onto a second line when the window is narrow */

.shell-login { display: flex; justify-content: center; align-items: flex-start; padding: 10vh var(--pui-space-lg) var(--pui-space-xl); }
.shell-login__card {
  display: flex; flex-direction: column; gap: var(--pui-space-md); width: 100%; max-width: 360px; padding: var(--pui-space-xl);
  background: var(--pui-color-surface); border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-lg); box-shadow: var(--pui-shadow-md);
}
.shell-login__title { margin: 0 0 var(--pui-space-sm); font-size: var(--pui-font-size-xl, 20px); }
.shell-login__link { align-self: center; font-size: var(--pui-font-size-sm); }

.shell-form { display: flex; flex-direction: column; gap: var(--pui-space-md); }
.shell-message, .shell-page { max-width: 720px; margin: var(--pui-space-xl) auto; padding: 0 var(--pui-space-lg); }
.shell-remote { min-height: 200px; }
.shell-remote__loading { display: flex; justify-content: center; padding: var(--pui-space-xl); }
.shell-remote__fallback {
  max-width: 560px; margin: var(--pui-space-xl) auto; padding: var(--pui-space-xl); text-align: center;
  background: var(--pui-color-surface); border: 1px solid var(--pui-color-border); border-radius: var(--pui-radius-lg);
}
.shell-remote__fallback-title { margin: 0 0 var(--pui-space-sm); font-size: var(--pui-font-size-lg); }

@media (max-width: 620px) {
  .shell__main { padding: var(--pui-space-sm); }
  .shell-title-bar__row, .shell-public-bar { padding: 0 var(--pui-space-sm); gap: var(--pui-space-sm); }
  /* the brand gives way first (at most 40vw), so the language switch and the user's menu stay inside the window */
  .shell-brand { font-size: var(--pui-font-size-md); overflow: hidden; text-overflow: ellipsis; min-width: 0; flex: 0 1 auto; max-width: 40vw; white-space: nowrap; }
  /* the user's name stays in view (shortened when long), every tab stays in view (the strip wraps, no sideways scroll) */
  .shell-user-menu { min-width: 0; flex: 0 1 auto; }
  .shell-user-menu__title {
    display: inline-block; max-width: 34vw; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom;
  }
  .shell-title-bar__tabs { padding: 0; }
  .shell-title-bar__tabs .pui-tabs { flex-wrap: wrap; overflow-x: visible; }
  .shell-title-bar__tabs .pui-tabs__tab { padding: var(--pui-space-xs) var(--pui-space-sm); }
}
`;
