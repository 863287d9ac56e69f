/**
 * Design tokens of the portal. Every value is also published as a CSS custom property
 * (`--pui-<group>-<kebab-key>`, e.g. `--pui-color-primary`) by `GlobalStyles`, so app CSS can use them too.
 */
export const tokens = {
  color: {
    primary: '#0b3d91',
    primaryHover: '#09327a',
    primaryActive: '#072762',
    primarySoft: '#e8eef9',
    accent: '#1b63bd',
    text: '#1b2633',
    textMuted: '#5c6977',
    textInverse: '#ffffff',
    page: '#f1f3f6',
    surface: '#ffffff',
    surfaceAlt: '#f7f9fb',
    surfaceHover: '#eef3fa',
    border: '#d6dce4',
    borderStrong: '#a9b4c1',
    focus: '#2f7de1',
    danger: '#c62828',
    dangerHover: '#a61f1f',
    dangerSoft: '#fdecec',
    success: '#1e7b34',
    successSoft: '#e7f5eb',
    warning: '#8f5300',
    warningSoft: '#fff4e0',
    info: '#0b5cad',
    infoSoft: '#e6f0fb',
    backdrop: 'rgba(11, 22, 40, 0.5)',
  },
  font: {
    family: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    familyMono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    sizeXs: '12px',
    sizeSm: '13px',
    sizeMd: '14px',
    sizeLg: '16px',
    sizeXl: '20px',
    weightNormal: '400',
    weightMedium: '500',
    weightBold: '600',
    lineHeight: '1.45',
  },
  space: {
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
  },
  radius: {
    sm: '3px',
    md: '4px',
    lg: '8px',
    pill: '999px',
  },
  shadow: {
    sm: '0 1px 2px rgba(16, 24, 40, 0.08)',
    md: '0 4px 12px rgba(16, 24, 40, 0.14)',
    lg: '0 16px 40px rgba(16, 24, 40, 0.22)',
  },
  control: {
    heightSm: '28px',
    heightMd: '34px',
  },
  zIndex: {
    popover: 1000,
    modal: 1100,
    spinnerPage: 1200,
    notifications: 1300,
  },
  breakpoint: {
    /** Spec section 9: mobile breakpoint, in px (`max-width: 620px` is mobile). */
    mobile: 620,
  },
  transition: {
    fast: '120ms ease',
  },
} as const;

export type Tokens = typeof tokens;
