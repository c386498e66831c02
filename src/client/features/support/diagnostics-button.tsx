import { useLocation } from 'react-router-dom';
import { useAppStore, type AppStore } from '../../app/store';
import { Button, toast } from '../../ui';
import { buildDiagnostics, saveDiagnostics } from './diagnostics';
import { REPLAY_REFUSED } from './replay-mode';

/**
 * 'Download diagnostics': the redacted state, recent actions and failed requests, for support.
 * `aria-describedby`: the id of the text that says what the file is for. In the support replay (a
 * sandboxed store that records nothing) it refuses, as everything that would send or save does there.
 */
export function DiagnosticsButton({ 'aria-describedby': describedBy }: { 'aria-describedby'?: string }) {
  const store = useAppStore();
  const { pathname } = useLocation();
  const recording = (store as Partial<AppStore>).actionLog !== undefined;
  const download = () => {
    if (!recording) {
      toast.error(REPLAY_REFUSED, { toastId: 'replay-diagnostics' });
      return;
    }
    saveDiagnostics(
      buildDiagnostics(store, { route: pathname, viewport: { width: window.innerWidth, height: window.innerHeight } }),
    );
  };
  return <Button variant="secondary" onClick={download} aria-describedby={describedBy}>Download diagnostics</Button>;
}
