// The build's prerender of '/' (src/client/prerender.tsx): the sign-in screen of spec §2 with its
// styles, which the browser app (BrowserApp, what index.tsx hydrates it with) takes over as it is.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserApp } from '../../../src/client/app/app';
import { makeStore } from '../../../src/client/app/store';
import type { PrerenderedScreen } from '../../../src/client/prerender';
import { theme } from '../../../src/client/ui/theme';
import { apiPath, server, setupFakeBackend } from '../../support/server-mock';

setupFakeBackend();

let page: PrerenderedScreen;
beforeAll(async () => {
  // react-dom/static's Node build (the one the build runs) schedules its work with setImmediate,
  // which jsdom has not got: lent for the render only (React's client scheduler, loaded already,
  // keeps its browser timing).
  const jsdom = globalThis as { setImmediate?: (run: () => void) => void };
  jsdom.setImmediate = (run) => void setTimeout(run, 0);
  try {
    // Its own copies of React, the store and styled-components, as at build time (another process):
    // two renderers sharing React's contexts in one realm is not something the browser ever sees.
    await jest.isolateModulesAsync(async () => {
      const { prerenderSignIn } = await import('../../../src/client/prerender');
      page = await prerenderSignIn();
    });
  } finally {
    delete jsdom.setImmediate;
  }
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
});

/** index.html as the build writes it: the style tag in <head>, the markup in #root. */
function showPrerendered(): HTMLElement {
  document.head.innerHTML = page.styleTags;
  document.body.innerHTML = `<div id="root" data-prerendered="/">${page.html}</div>`;
  return document.getElementById('root') as HTMLElement;
}

describe("the prerendered '/'", () => {
  test('is the sign-in screen of spec §2: heading, e-mail and password with its toggle, Sign In, both links, the footer', () => {
    showPrerendered();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByText('All rights reserved @2025')).toBeInTheDocument();
    const pitch = screen.getByRole('complementary', { name: 'About Kudi' });
    expect(within(pitch).getByRole('heading', { name: 'Seamless Payments Beyond Borders' })).toBeInTheDocument();
  });

  test('carries its styles: a rule for every styled element, and the global styles', () => {
    showPrerendered();
    const css = document.head.querySelector('style[data-styled]')?.textContent ?? '';
    const classes = new Set([...document.querySelectorAll('#root [class]')].flatMap((element) => [...element.classList]));
    // Each styled element has its component's id (sc-…) and the class of its rules.
    const ruleClasses = [...classes].filter((name) => !name.startsWith('sc-'));
    expect(ruleClasses.length).toBeGreaterThan(10);
    for (const name of ruleClasses) expect(css).toContain(`.${name}{`);
    expect(css).toMatch(/body\{margin:0;/);
    // jsdom applies the tag: the Sign In button is the theme's primary colour.
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveStyle({ backgroundColor: theme.colors.primary });
  });

  test('the browser app hydrates it without a mismatch, keeping its elements', async () => {
    const container = showPrerendered();
    const heading = screen.getByRole('heading', { name: 'Welcome Back' });
    const errors = jest.spyOn(console, 'error');
    const recoverable = jest.fn();

    await act(async () => {
      root = hydrateRoot(container, <BrowserApp store={makeStore()} />, { onRecoverableError: recoverable });
    });
    // The lazy screen's chunk resolves and the hydration finishes.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });

    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBe(heading);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  test('what a customer typed before the script ran is kept: Sign In sends it, no field is called empty', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath('/auth/login'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 });
      }),
    );
    const container = showPrerendered();
    // Typed into the prerendered fields: the browser holds the values, React has not run yet.
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'ada@example.com';
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'Str0ng!Pass';

    await act(async () => {
      root = hydrateRoot(container, <BrowserApp store={makeStore()} />);
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    fireEvent.submit(screen.getByRole('button', { name: 'Sign In' }).closest('form') as HTMLFormElement);

    await waitFor(() => expect(bodies).toEqual([{ email: 'ada@example.com', password: 'Str0ng!Pass', method: 'EMAIL' }]));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('Str0ng!Pass');
    expect(screen.queryByText('Please enter your email address')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter your password')).not.toBeInTheDocument();
  });
});
