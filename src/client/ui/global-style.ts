import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html { -webkit-text-size-adjust: 100%; }

  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: ${({ theme }) => theme.lineHeights.body};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }

  h1, h2, h3, h4, p { margin: 0; }
  h1, h2, h3, h4 { line-height: ${({ theme }) => theme.lineHeights.tight}; }

  button, input, select, textarea { font: inherit; color: inherit; }

  a { color: ${({ theme }) => theme.colors.primary}; }
  a:hover { color: ${({ theme }) => theme.colors.primaryDark}; }

  /* Toasts: our text colour (react-toastify's grey is under 4.5:1 while a toast fades in). */
  .Toastify {
    --toastify-text-color-light: ${({ theme }) => theme.colors.text};
    --toastify-font-family: ${({ theme }) => theme.fonts.body};
  }
  /*
   * The toast's close (×) is drawn 14 × 24 px, 6 px in from the toast's top right corner (placed by
   * react-toastify, position: absolute): its tap area reaches 44 × 44 px, unseen, from that corner
   * down and to the left, inside the toast.
   */
  .Toastify__close-button::after { content: ''; position: absolute; inset: -6px -6px -14px -24px; }

  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
