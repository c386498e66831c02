import { media, theme } from '../../../src/client/ui/theme';

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const c = theme.colors;

describe('theme colours meet WCAG AA', () => {
  it('computes contrast like WCAG does (black on white is 21:1)', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
  });

  it.each([
    ['text on background', c.text, c.background],
    ['text on surface', c.text, c.surface],
    ['muted on surface', c.muted, c.surface],
    ['muted on background', c.muted, c.background],
    ['muted on neutralSoft (tabs, disabled fields)', c.muted, c.neutralSoft],
    ['white on primary', c.onPrimary, c.primary],
    ['white on primaryDark', c.onPrimary, c.primaryDark],
    ['white on danger', c.onPrimary, c.danger],
    ['white on dangerDark', c.onPrimary, c.dangerDark],
    ['primary on surface (links, secondary buttons)', c.primary, c.surface],
    ['primary on background', c.primary, c.background],
    ['primary on primarySoft (hover)', c.primary, c.primarySoft],
    ['danger on surface (errors)', c.danger, c.surface],
    ['success badge', c.success, c.successSoft],
    ['warning badge', c.warning, c.warningSoft],
    ['danger badge', c.danger, c.dangerSoft],
    ['neutral badge', c.neutral, c.neutralSoft],
  ])('%s has at least 4.5:1', (_name, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['control borders', c.borderStrong],
    ['focus ring', c.focus],
  ])('%s have at least 3:1 on the surface', (_name, colour) => {
    expect(contrast(colour, c.surface)).toBeGreaterThanOrEqual(3);
  });
});

it('media queries are mobile-first at 480, 768 and 1024 px', () => {
  expect(media).toEqual({
    sm: '@media (min-width: 480px)',
    md: '@media (min-width: 768px)',
    lg: '@media (min-width: 1024px)',
  });
});
