import { Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import styled, { ThemeProvider } from 'styled-components';
import { paths } from '../../app/paths';
import { signedInRoutes } from '../../app/signed-in-routes';
import { useAppDispatch, useAppSelector, type RootState } from '../../app/store';
import { selectStep, stepChanged } from '../../app/ui-slice';
import { Button, Card, FormError, LoadingText, PageHeader, Stack } from '../../ui';
import { theme } from '../../ui/theme';
import type { Diagnostics } from './diagnostics';
import { parseDiagnostics } from './diagnostics-shape';
import { customerScreen, makeReplayStore, replayJumped, screenAt, stateAt, type ReplayStore } from './replay';
import { ReplayErrorBoundary } from './replay-error-boundary';
import { useGetSupportConfigQuery } from './support-api';

const STEP_ID = 'support-replay';

const Banner = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

const Notice = styled.p.attrs({ role: 'status' })`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** A screen outside the signed-in ones: what the customer saw there, said, not replayed. */
function OutsideScreen() {
  const { pathname } = useLocation();
  return pathname === paths.home || pathname === paths.login ? (
    <Notice>The customer was signed out here: they saw the sign-in screen.</Notice>
  ) : (
    <Notice>The customer was on {pathname}, a screen the replay does not show.</Notice>
  );
}

/**
 * The signed-in routes, inside the customer's screen's own router; any other path (the sign-in
 * screen a replayed sign-out or expiry leads to) is said, so no step is left blank.
 */
const replayRoutes: RouteObject[] = [...signedInRoutes, { path: '*', element: <OutsideScreen /> }];

function ReplayRoutes() {
  return useRoutes(replayRoutes);
}

/**
 * The customer's screen: the signed-in routes in a memory router created at the replayed location,
 * on the sandboxed store. React Router allows one router per React tree, and this screen is already
 * inside the app's; so the customer's screen is its own React root, mounted in this element, and its
 * links and redirects stay inside the replay. Each step jumps the store to its state, then renders a
 * router afresh at that step's screen (a redirect at one step never carries over to another). Toasts
 * still reach the app's toast outlet.
 */
function CustomerScreen({ store, state, route, step }: { store: ReplayStore; state: RootState; route: string; step: number }) {
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);

  useEffect(() => {
    const container = document.createElement('div');
    host.current?.append(container);
    const created = createRoot(container);
    root.current = created;
    return () => {
      root.current = null;
      container.remove();
      // A root cannot be unmounted while React is committing this one: right after it.
      setTimeout(() => created.unmount());
    };
  }, [store]);

  useEffect(() => {
    store.dispatch(replayJumped(state));
    root.current?.render(
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <ReplayErrorBoundary key={step}>
            <Suspense fallback={<LoadingText>Loading…</LoadingText>}>
              <MemoryRouter key={step} initialEntries={[route]}>
                <ReplayRoutes />
              </MemoryRouter>
            </Suspense>
          </ReplayErrorBoundary>
        </ThemeProvider>
      </Provider>,
    );
  }, [store, state, route, step]);

  return <div ref={host} />;
}

/** Says why the screen of a step is not shown: the file does not record it. */
function UnknownScreen({ firstKnownStep }: { firstKnownStep: number | null }) {
  return (
    <Notice>
      The file does not say which screen the customer was on at this step
      {firstKnownStep === null ? '.' : `: the screens shown are recorded from action ${firstKnownStep} on.`}
    </Notice>
  );
}

/** Steps through the recorded actions on a sandboxed store and shows the customer's screen. */
function Replay({ file }: { file: Diagnostics }) {
  const dispatch = useAppDispatch();
  const last = file.actions.length;
  const step = useAppSelector((state) => selectStep(state, STEP_ID, last));
  const sandbox = useMemo(() => makeReplayStore(file), [file]);
  const state = useMemo(() => stateAt(file, step), [file, step]);
  const screen = screenAt(file, step);

  const go = (to: number) => dispatch(stepChanged({ id: STEP_ID, step: Math.min(last, Math.max(0, to)) }));

  return (
    <Stack gap="md">
      <Banner role="status">Replay mode: the network is off, nothing you do here is sent.</Banner>
      <Card>
        <p>
          Recorded {file.time} on {customerScreen(file)} (app {file.app.version}, build {file.app.buildId}), viewport{' '}
          {file.viewport.width}×{file.viewport.height}.
        </p>
        <Controls>
          <Button variant="secondary" onClick={() => go(step - 1)} disabled={step === 0}>Previous action</Button>
          <Button variant="secondary" onClick={() => go(step + 1)} disabled={step === last}>Next action</Button>
          <span aria-live="polite">
            {step === 0 ? `Before action 1 of ${last}` : `After action ${step} of ${last}: ${file.actions[step - 1].type}`}
          </span>
          <span>Screen: {screen.path ?? 'not recorded'}</span>
        </Controls>
      </Card>
      <section aria-label="Customer's screen">
        {screen.path === null ? (
          <UnknownScreen firstKnownStep={screen.firstKnownStep} />
        ) : (
          <CustomerScreen store={sandbox} state={state} route={screen.path} step={step} />
        )}
      </section>
    </Stack>
  );
}

const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });

/** /support/replay: loads a diagnostics file and replays it (docs/SUPPORT.md). */
export default function ReplayScreen() {
  const dispatch = useAppDispatch();
  const config = useGetSupportConfigQuery(undefined, { skip: __SUPPORT_TOOLS__ });
  const [file, setFile] = useState<Diagnostics | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Each file loaded replays afresh (an error said about the previous one goes with it).
  const [loads, setLoads] = useState(0);

  // Off (the default): the path is as unknown as any other, spec §2's 'any other path' goes to '/'.
  if (!__SUPPORT_TOOLS__ && !config.data?.supportTools) {
    return config.isLoading ? <main><LoadingText>Loading…</LoadingText></main> : <Navigate to="/" replace />;
  }

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    const parsed = chosen ? parseDiagnostics(await readText(chosen)) : { problem: 'No file was chosen.' };
    setProblem(parsed.problem ?? null);
    setFile(parsed.file ?? null);
    setLoads((count) => count + 1);
    if (parsed.file) dispatch(stepChanged({ id: STEP_ID, step: parsed.file.actions.length }));
  };

  return (
    <main>
      <PageHeader title="Replay diagnostics" subtitle="Load a customer's diagnostics file to see their screen as it was." />
      <Stack gap="md">
        <label>
          Diagnostics file{' '}
          <input type="file" accept="application/json,.json" onChange={(event) => void load(event)} />
        </label>
        {problem !== null && <FormError>This is not a Kudi diagnostics file. {problem}</FormError>}
        {file && (
          <ReplayErrorBoundary key={loads}>
            <Replay file={file} />
          </ReplayErrorBoundary>
        )}
      </Stack>
    </main>
  );
}
