import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { App } from './app/app';
import { paths } from './app/paths';
import { AppRoutes } from './app/router';
import { makeStore } from './app/store';

/** The sign-in screen as a signed-out visitor first sees it: its markup and its styles. */
export interface PrerenderedScreen {
  /** The markup of #root. */
  html: string;
  /** The styled-components <style> tag(s) of that markup (global styles included). */
  styleTags: string;
}

/**
 * Renders '/' (the sign-in screen) at build time, in Node, with the app's own providers and routes,
 * so that index.html shows it before any script has loaded; index.tsx hydrates it (scripts/prerender.mjs
 * writes it into the build). It must render exactly what the browser's first render of '/' gives a
 * visitor without a session: the same tree as index.tsx, a fresh store (empty storage), the route '/'.
 * Waits for the lazy route's code (prerender, unlike renderToString, waits for Suspense).
 */
export async function prerenderSignIn(): Promise<PrerenderedScreen> {
  const store = makeStore();
  const sheet = new ServerStyleSheet();
  try {
    const { prelude } = await prerenderToNodeStream(
      sheet.collectStyles(
        <StrictMode>
          <App store={store}>
            <MemoryRouter initialEntries={[paths.home]}>
              <AppRoutes />
            </MemoryRouter>
          </App>
        </StrictMode>,
      ),
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    return { html, styleTags: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
