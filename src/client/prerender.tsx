import { prerender } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { PrerenderedApp } from './app/app';
import { makeStore } from './app/store';

/** The sign-in screen as a signed-out visitor first sees it: its markup and its styles. */
export interface PrerenderedScreen {
  /** The markup of #root. */
  html: string;
  /** The styled-components <style> tag of that markup (the global styles included). */
  styleTags: string;
}

/**
 * Renders '/' (the sign-in screen) at build time, in Node, so that index.html shows it before any
 * script has loaded; index.tsx hydrates it (scripts/prerender.mjs writes it into the build). It
 * must render exactly what the browser's first render of '/' gives a visitor without a session:
 * the same tree as BrowserApp (app.tsx), a fresh store (empty storage), the route '/'.
 * Waits for the lazy route's code (prerender, unlike renderToString, waits for Suspense).
 */
export async function prerenderSignIn(): Promise<PrerenderedScreen> {
  const sheet = new ServerStyleSheet();
  try {
    const { prelude } = await prerender(sheet.collectStyles(<PrerenderedApp store={makeStore()} />));
    const html = await new Response(prelude).text();
    return { html, styleTags: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
