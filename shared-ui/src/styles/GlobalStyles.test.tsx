import { render } from '@testing-library/react';
import { GlobalStyles } from './GlobalStyles';
import { injectGlobalStyles } from './inject-global-styles';
import { tokens } from './tokens';

afterEach(() => document.getElementById('pui-styles')?.remove());

describe('GlobalStyles', () => {
  it('injects one <style id="pui-styles"> into head, however often it is mounted or called', () => {
    render(
      <>
        <GlobalStyles />
        <GlobalStyles />
      </>,
    );
    injectGlobalStyles();
    const styles = document.head.querySelectorAll('style#pui-styles');
    expect(styles).toHaveLength(1);
    const css = styles[0].textContent ?? '';
    expect(css).toContain(`--pui-color-primary: ${tokens.color.primary};`);
    expect(css).toContain('.pui-button--primary');
    expect(css).toContain('@media (max-width: 620px)');
  });

  it('publishes the tokens as custom properties on :root', () => {
    injectGlobalStyles();
    expect(getComputedStyle(document.documentElement).getPropertyValue('--pui-color-primary').trim()).toBe(
      '#0b3d91',
    );
  });
});
