/**
 * Design tokens of the Kudi UI kit. Every colour pair used for text passes WCAG AA
 * (checked in __tests__/client/ui/theme.test.ts).
 */
export const theme = {
  colors: {
    primary: '#0B6B57',
    primaryDark: '#07493B',
    /** Tinted background for hover/selected states of primary-coloured content. */
    primarySoft: '#E6F2EF',
    onPrimary: '#FFFFFF',
    background: '#F4F7F6',
    surface: '#FFFFFF',
    text: '#17211E',
    muted: '#56635F',
    /** Decorative lines (cards, dividers). */
    border: '#D5DDDA',
    /** Borders of form controls: at least 3:1 against the surface (WCAG 1.4.11). */
    borderStrong: '#7D8C87',
    success: '#146C2E',
    successSoft: '#E3F4E8',
    warning: '#7A4B00',
    warningSoft: '#FFF4D6',
    danger: '#B42318',
    dangerDark: '#8F1C13',
    dangerSoft: '#FDECEA',
    neutral: '#4A5551',
    neutralSoft: '#EEF1F0',
    focus: '#0A58CA',
    backdrop: 'rgba(12, 22, 19, 0.55)',
  },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
    display: '2.25rem',
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeights: { tight: 1.25, body: 1.5 },
  space: {
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '16px',
    lg: '24px',
    xl: '32px',
    xxl: '48px',
  },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadows: {
    sm: '0 1px 2px rgba(16, 24, 22, 0.06), 0 1px 3px rgba(16, 24, 22, 0.08)',
    md: '0 4px 12px rgba(16, 24, 22, 0.08)',
    lg: '0 16px 40px rgba(16, 24, 22, 0.2)',
  },
  breakpoints: { sm: 480, md: 768, lg: 1024 },
  zIndices: { modal: 1000 },
} as const;

export type Theme = typeof theme;
export type SpaceKey = keyof Theme['space'];
export type Breakpoint = keyof Theme['breakpoints'];

/** Mobile-first media queries: `${media.md} { … }` applies from 768 px up. */
export const media = Object.fromEntries(
  Object.entries(theme.breakpoints).map(([name, px]) => [name, `@media (min-width: ${px}px)`]),
) as Record<Breakpoint, string>;

/** The rare desktop-first exception: `${mediaBelow.md} { … }` applies under 768 px only. */
export const mediaBelow = Object.fromEntries(
  Object.entries(theme.breakpoints).map(([name, px]) => [name, `@media (max-width: ${px - 0.02}px)`]),
) as Record<Breakpoint, string>;
