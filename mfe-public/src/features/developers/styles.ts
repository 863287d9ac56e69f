// The developer page's own styles (the site's frame comes with SiteLayout); only this page carries them.
export const developerCss = `
.pub-dev { max-width: 980px; margin: 0 auto; padding: 40px 16px 64px; }
.pub-dev h1 { font-size: 34px; line-height: 1.2; color: var(--pub-ink); margin: 0 0 12px; }
.pub-dev h2 { font-size: 24px; color: var(--pub-ink); margin: 40px 0 12px; scroll-margin-top: 80px; }
.pub-dev h3 { font-size: 18px; color: var(--pub-ink); margin: 24px 0 8px; scroll-margin-top: 80px; }
.pub-dev p, .pub-dev li, .pub-dev dd { font-size: 16px; line-height: 1.6; color: #2b3846; }
.pub-dev code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em;
  background: #eef2f7; color: #0d2347; border-radius: 4px; padding: 1px 4px; overflow-wrap: anywhere; }
.pub-dev__code { margin: 12px 0 16px; padding: 14px 16px; overflow-x: auto; background: #0d1b2e; color: #e6edf6;
  border-radius: 8px; font-size: 13.5px; line-height: 1.5; }
.pub-dev__code code { background: none; color: inherit; padding: 0; font-size: inherit; overflow-wrap: normal; }
.pub-dev__code:focus-visible { outline: 3px solid var(--pui-color-focus); outline-offset: 2px; }
.pub-dev__toc { background: #fff; border: 1px solid var(--pui-color-border); border-radius: 12px; padding: 16px 24px;
  margin: 0 0 8px; }
.pub-dev__toc h2 { font-size: 16px; margin: 0 0 8px; text-transform: uppercase; letter-spacing: .04em; }
.pub-dev__toc ul { margin: 0; padding: 0; list-style: none; columns: 2; column-gap: 32px; }
.pub-dev__toc li { font-size: 15px; }
.pub-dev__note { border-left: 4px solid var(--pub-green); background: #eaf7f2; padding: 4px 18px; border-radius: 6px;
  margin: 16px 0; }
.pub-dev__table { overflow-x: auto; }
.pub-dev__table table { border-collapse: collapse; width: 100%; font-size: 15px; }
.pub-dev__table th, .pub-dev__table td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--pui-color-border);
  padding: 8px 10px; }
.pub-dev__table thead th { color: var(--pub-ink); }
.pub-dev details { margin: 8px 0 24px; }
.pub-dev summary { cursor: pointer; color: var(--pub-sea); font-weight: 600; }
.pub-dev__values dt { font-weight: 600; color: var(--pub-ink); margin-top: 16px; }
.pub-dev__values dd { margin: 4px 0 0; }
.pub-dev__links { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; }
@media (max-width: 620px) {
  .pub-dev { padding-top: 24px; }
  .pub-dev h1 { font-size: 28px; }
  .pub-dev__toc ul { columns: 1; }
  .pub-dev__code { font-size: 12.5px; }
}
`;
