// The narrow (620 px) chrome: the user's name and every top tab stay in view.
import { shellCss } from './shell-css';

function narrowBlock(): string {
  const start = shellCss.indexOf('@media (max-width: 620px)');
  expect(start).toBeGreaterThanOrEqual(0);
  return shellCss.slice(start);
}

function rule(css: string, selector: string): string {
  const at = css.indexOf(`${selector} {`);
  expect(at).toBeGreaterThanOrEqual(0);
  return css.slice(at, css.indexOf('}', at));
}

describe('shell CSS at 620 px', () => {
  it('keeps the user name shown, shortened with an ellipsis', () => {
    const title = rule(narrowBlock(), '.shell-user-menu__title');
    expect(title).not.toMatch(/display:\s*none/);
    expect(title).toMatch(/text-overflow:\s*ellipsis/);
  });

  it('wraps the tab strip instead of scrolling tabs out of view', () => {
    const tabs = rule(narrowBlock(), '.shell-title-bar__tabs .pui-tabs');
    expect(tabs).toMatch(/flex-wrap:\s*wrap/);
    expect(tabs).toMatch(/overflow-x:\s*visible/);
  });
});
