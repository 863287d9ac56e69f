// The public site's CSS (class prefix `pub-`), built on the design tokens' custom properties. Mobile layout at
// the spec's 620 px breakpoint.
export const siteCss = `
.pub { --pub-max: 1160px; --pub-ink: #0d2347; --pub-sea: #0b3d91; --pub-green: #1fa37a;
  color: var(--pui-color-text); background: #fff; font-size: 16px; line-height: 1.55; }
.pub a { color: var(--pub-sea); }
.pub :focus-visible { outline: 3px solid var(--pui-color-focus); outline-offset: 2px; }
.pub-skip { position: absolute; left: -9999px; top: 0; background: #fff; padding: 8px 12px; z-index: 30; }
.pub-skip:focus { left: 8px; top: 8px; }
.pub-content:focus { outline: none; }

.pub-top { position: sticky; top: 0; z-index: 20; display: flex; align-items: center; gap: 24px;
  height: 64px; padding: 0 max(16px, calc((100% - var(--pub-max)) / 2)); background: rgba(255,255,255,.97);
  border-bottom: 1px solid var(--pui-color-border); }
.pub-brand { display: flex; align-items: center; gap: 10px; color: var(--pub-ink) !important; text-decoration: none;
  font-weight: 700; font-size: 17px; white-space: nowrap; }
.pub-top__nav { display: flex; gap: 20px; flex: 1; }
.pub-top__link { color: var(--pub-ink) !important; text-decoration: none; font-weight: 500; padding: 6px 2px; }
.pub-top__link:hover { color: var(--pub-sea) !important; text-decoration: underline; }
.pub-top__actions { display: flex; align-items: center; gap: 10px; margin-left: auto; }
.pub-cta { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 0 20px;
  border-radius: 999px; background: var(--pub-sea); color: #fff !important; font-weight: 600; text-decoration: none;
  border: 2px solid var(--pub-sea); }
.pub-cta:hover { background: #09327a; }
.pub-cta--small { min-height: 36px; padding: 0 14px; font-size: 14px; }
.pub-cta--ghost { background: transparent; color: var(--pub-sea) !important; }
.pub-cta--ghost:hover { background: #e8eef9; }
.pub-cta--light { background: #fff; color: var(--pub-sea) !important; border-color: #fff; }
.pub-cta--light:hover { background: #e8eef9; }
.pub-lang, .pub-icon-button { display: inline-flex; align-items: center; justify-content: center; min-width: 40px;
  height: 40px; border: 1px solid var(--pui-color-border-strong); border-radius: 8px; background: #fff;
  color: var(--pub-ink); font: inherit; font-weight: 600; cursor: pointer; }
.pub-lang:hover, .pub-icon-button:hover { background: #eef3fa; }

.pub-menu-backdrop { position: fixed; inset: 0; background: rgba(11,22,40,.45); opacity: 0; pointer-events: none;
  transition: opacity .2s ease; z-index: 40; }
.pub-menu-backdrop--open { opacity: 1; }
.pub-menu { position: fixed; top: 0; right: 0; bottom: 0; width: min(320px, 86vw); background: #fff; z-index: 41;
  box-shadow: var(--pui-shadow-lg); transform: translateX(100%); visibility: hidden;
  transition: transform .22s ease, visibility 0s linear .22s; display: flex; flex-direction: column; }
.pub-menu--open { transform: none; visibility: visible; transition: transform .22s ease; }
.pub-menu__head { display: flex; align-items: center; justify-content: space-between; padding: 12px 16px;
  border-bottom: 1px solid var(--pui-color-border); }
.pub-menu__title { font-weight: 700; color: var(--pub-ink); }
.pub-menu__list { list-style: none; margin: 0; padding: 8px 0; overflow-y: auto; }
.pub-menu__link { display: block; padding: 12px 20px; color: var(--pub-ink) !important; text-decoration: none;
  font-weight: 500; }
.pub-menu__link:hover { background: #eef3fa; }
@media (prefers-reduced-motion: reduce) { .pub-menu, .pub-menu--open, .pub-menu-backdrop { transition: none; } }

.pub-section { padding: 64px max(16px, calc((100% - var(--pub-max)) / 2)); }
.pub-section--alt { background: #f4f7fb; }
.pub-section__title { font-size: 30px; line-height: 1.2; color: var(--pub-ink); margin: 0 0 12px; }
.pub-section__lead { font-size: 18px; color: var(--pui-color-text-muted); margin: 0 0 32px; max-width: 720px; }

.pub-hero { display: grid; grid-template-columns: 1.1fr 1fr; gap: 48px; align-items: center;
  padding: 56px max(16px, calc((100% - var(--pub-max)) / 2)) 48px;
  background: linear-gradient(160deg, #0d2347 0%, #0b3d91 70%, #1f6fd1 100%); color: #fff; }
.pub-hero h1 { font-size: 44px; line-height: 1.12; margin: 0 0 20px; letter-spacing: -.5px; }
.pub-hero__lead { font-size: 19px; margin: 0 0 28px; color: #dbe6f7; }
.pub-hero__actions { display: flex; flex-wrap: wrap; gap: 12px; }
.pub-hero__art { width: 100%; height: auto; display: block; border-radius: 12px; box-shadow: 0 20px 50px rgba(0,0,0,.35); }

.pub-gallery { display: grid; grid-template-columns: repeat(4, 1fr); gap: 20px; list-style: none; margin: 0; padding: 0; }
.pub-gallery:focus-visible { outline: 2px solid var(--pui-color-focus); outline-offset: 4px; border-radius: 12px; }
.pub-gallery__item { background: #fff; border: 1px solid var(--pui-color-border); border-radius: 12px; padding: 24px;
  scroll-snap-align: start; }
.pub-gallery__icon { width: 48px; height: 48px; display: block; margin-bottom: 14px; }
.pub-gallery__item h3, .pub-card h3 { margin: 0 0 8px; font-size: 19px; color: var(--pub-ink); }
.pub-gallery__item p, .pub-card p { margin: 0; color: var(--pui-color-text-muted); }

.pub-cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 24px; }
.pub-card { border-radius: 12px; padding: 28px; background: #fff; border-top: 4px solid var(--pub-green);
  box-shadow: var(--pui-shadow-md); }

.pub-features { display: flex; flex-direction: column; gap: 56px; }
.pub-feature { display: grid; grid-template-columns: 1fr 1fr; gap: 48px; align-items: center; }
.pub-feature:nth-child(even) .pub-feature__art { order: -1; }
.pub-feature h3 { font-size: 24px; line-height: 1.25; margin: 0 0 12px; color: var(--pub-ink); }
.pub-feature p { margin: 0; font-size: 17px; color: #3c4a5a; }
.pub-feature__art { width: 100%; height: auto; display: block; border-radius: 12px; border: 1px solid var(--pui-color-border);
  box-shadow: var(--pui-shadow-md); background: #fff; }

.pub-banner { display: flex; align-items: center; justify-content: space-between; gap: 24px; flex-wrap: wrap;
  margin: 0 max(16px, calc((100% - var(--pub-max)) / 2)) 64px; padding: 36px 40px; border-radius: 16px;
  background: linear-gradient(120deg, #0b5a42, #0e6b4f); color: #fff; }
.pub-banner h2 { margin: 0 0 6px; font-size: 26px; }
.pub-banner p { margin: 0; color: #e3f6ef; font-size: 17px; }

.pub-footer { background: #0d2347; color: #c9d6ea; padding: 48px max(16px, calc((100% - var(--pub-max)) / 2)); }
.pub-footer__inner { display: grid; grid-template-columns: 2fr 1fr 1fr; gap: 32px; }
.pub-footer__brand { display: flex; align-items: center; gap: 10px; color: #fff; font-weight: 700; font-size: 17px; }
.pub-footer__about p { margin: 12px 0 20px; max-width: 420px; }
.pub-footer__heading { font-size: 15px; text-transform: uppercase; letter-spacing: .06em; color: #fff; margin: 0 0 12px; }
.pub-footer ul { list-style: none; margin: 0; padding: 0; }
.pub-footer li { margin: 0 0 8px; }
.pub-footer a:not(.pub-cta) { color: #e3ebf7; }
.pub-footer .pub-cta { background: #0e6b4f; border-color: #0e6b4f; }
.pub-footer .pub-cta:hover { background: #0b5a42; }
.pub-footer :focus-visible { outline-color: #8fc1ff; }

.pub-page { max-width: 860px; margin: 0 auto; padding: 48px 16px 64px; }
.pub-page h1 { font-size: 34px; line-height: 1.2; color: var(--pub-ink); margin: 0 0 12px; }
.pub-page__lead { font-size: 18px; color: var(--pui-color-text-muted); margin: 0 0 28px; }
.pub-contact { background: #fff; border: 1px solid var(--pui-color-border); border-radius: 12px; padding: 28px;
  box-shadow: var(--pui-shadow-sm); }
.pub-contact__grid { display: grid; grid-template-columns: 1fr 1fr; gap: 16px 20px; }
.pub-contact .pui-input { height: 42px; font-size: 16px; width: 100%; box-sizing: border-box; }
.pub-contact .pub-textarea { height: auto; min-height: 120px; padding: 10px; resize: vertical; font: inherit; }
.pub-contact__remarks { margin-top: 16px; }
.pub-contact__terms { margin: 20px 0; align-items: flex-start; font-size: 15px; }
.pub-contact__actions { display: flex; gap: 12px; }
.pub-contact__actions .pui-button { min-width: 120px; height: 42px; font-size: 16px; }
.pub-optional { color: var(--pui-color-text-muted); font-weight: 400; }
.pub-hp { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }

.pub-legal h2 { font-size: 22px; color: var(--pub-ink); margin: 36px 0 10px; }
.pub-legal h3 { font-size: 18px; color: var(--pub-ink); margin: 24px 0 8px; }
.pub-legal p, .pub-legal li { font-size: 16px; color: #2b3846; }
.pub-legal__updated { color: var(--pui-color-text-muted); font-size: 14px; margin: 0 0 24px; }
.pub-table-wrap { overflow-x: auto; margin: 12px 0 24px; }
.pub-table { border-collapse: collapse; width: 100%; font-size: 15px; }
.pub-table caption { text-align: left; font-weight: 700; color: var(--pub-ink); padding: 0 0 8px; font-size: 17px; }
.pub-table th, .pub-table td { border: 1px solid var(--pui-color-border); padding: 10px 12px; text-align: left; vertical-align: top; }
.pub-table th[scope='row'] { background: #f4f7fb; width: 28%; }
.pub-table thead th { background: #e8eef9; }
.pub-back { margin-top: 32px; }
.pub-back .pui-button { min-width: 120px; height: 42px; font-size: 16px; }

@media (max-width: 980px) {
  .pub-top__nav { display: none; }
  .pub-hero { grid-template-columns: 1fr; }
  .pub-gallery { grid-template-columns: repeat(2, 1fr); }
  .pub-cards { grid-template-columns: 1fr; }
}
@media (max-width: 620px) {
  .pub-top { gap: 8px; height: 56px; }
  .pub-brand__name { display: none; }
  .pub-top__actions { gap: 6px; }
  .pub-hero { padding-top: 32px; gap: 28px; }
  .pub-hero h1 { font-size: 30px; }
  .pub-hero__lead { font-size: 17px; }
  .pub-section { padding-top: 44px; padding-bottom: 44px; }
  .pub-section__title { font-size: 25px; }
  .pub-gallery { display: flex; overflow-x: auto; scroll-snap-type: x mandatory; gap: 14px; padding-bottom: 8px; }
  .pub-gallery__item { flex: 0 0 78%; }
  .pub-feature { grid-template-columns: 1fr; gap: 20px; }
  .pub-feature:nth-child(even) .pub-feature__art { order: 0; }
  .pub-banner { padding: 28px 22px; }
  .pub-footer__inner { grid-template-columns: 1fr; }
  .pub-page h1 { font-size: 28px; }
  .pub-contact { padding: 18px; }
  .pub-contact__grid { grid-template-columns: 1fr; }
}
`;
