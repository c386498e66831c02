import { Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter, Navigate, useRoutes } from 'react-router-dom';
import styled, { ThemeProvider } from 'styled-components';
import { signedInRoutes } from '../../app/signed-in-routes';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectStep, stepChanged } from '../../app/ui-slice';
import { Button, Card, FormError, LoadingText, PageHeader, Stack } from '../../ui';
import { theme } from '../../ui/theme';
import type { Diagnostics } from './diagnostics';
import { parseDiagnostics } from './diagnostics-shape';
import { customerScreen, makeReplayStore, replayJumped, stateAt, type ReplayStore } from './replay';
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

/** The signed-in routes, inside the customer's screen's own router. */
function SignedInRoutes() {
  return useRoutes(signedInRoutes);
}

/**
 * The customer's screen: the signed-in routes in a memory router created at the replayed location,
 * on the sandboxed store. React Router allows one router per React tree, and this screen is already
 * inside the app's; so the customer's screen is its own React root, mounted in this element, and its
 * links and redirects stay inside the replay. Toasts still reach the app's toast outlet.
 */
function CustomerScreen({ store, route }: { store: ReplayStore; route: string }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = document.createElement('div');
    host.current?.append(container);
    const root = createRoot(container);
    root.render(
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <ReplayErrorBoundary>
            <Suspense fallback={<LoadingText>Loading…</LoadingText>}>
              <MemoryRouter initialEntries={[route]}>
                <SignedInRoutes />
              </MemoryRouter>
            </Suspense>
          </ReplayErrorBoundary>
        </ThemeProvider>
      </Provider>,
    );
    return () => {
      container.remove();
      // A root cannot be unmounted while React is committing this one: right after it.
      setTimeout(() => root.unmount());
    };
  }, [store, route]);

  return <div ref={host} />;
}

/** Steps through the recorded actions on a sandboxed store and shows the customer's screen. */
function Replay({ file }: { file: Diagnostics }) {
  const dispatch = useAppDispatch();
  const last = file.actions.length;
  const step = useAppSelector((state) => selectStep(state, STEP_ID, last));
  const sandbox = useMemo(() => makeReplayStore(file), [file]);
  const screen = customerScreen(file);

  useEffect(() => {
    sandbox.dispatch(replayJumped(stateAt(file, step)));
  }, [sandbox, file, step]);

  const go = (to: number) => dispatch(stepChanged({ id: STEP_ID, step: Math.min(last, Math.max(0, to)) }));

  return (
    <Stack gap="md">
      <Banner role="status">Replay mode: the network is off, nothing you do here is sent.</Banner>
      <Card>
        <p>
          Recorded {file.time} on {screen} (app {file.app.version}, build {file.app.buildId}), viewport{' '}
          {file.viewport.width}×{file.viewport.height}.
        </p>
        <Controls>
          <Button variant="secondary" onClick={() => go(step - 1)} disabled={step === 0}>Previous action</Button>
          <Button variant="secondary" onClick={() => go(step + 1)} disabled={step === last}>Next action</Button>
          <span aria-live="polite">
            {step === 0 ? `Before action 1 of ${last}` : `After action ${step} of ${last}: ${file.actions[step - 1].type}`}
          </span>
        </Controls>
      </Card>
      <section aria-label="Customer's screen">
        <CustomerScreen store={sandbox} route={screen} />
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
