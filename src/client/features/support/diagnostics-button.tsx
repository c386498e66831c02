import { useLocation } from 'react-router-dom';
import { useAppStore } from '../../app/store';
import { Button } from '../../ui';
import { buildDiagnostics, saveDiagnostics } from './diagnostics';

/**
 * 'Download diagnostics': the redacted state, recent actions and failed requests, for support.
 * `aria-describedby`: the id of the text that says what the file is for.
 */
export function DiagnosticsButton({ 'aria-describedby': describedBy }: { 'aria-describedby'?: string }) {
  const store = useAppStore();
  const { pathname } = useLocation();
  const download = () =>
    saveDiagnostics(
      buildDiagnostics(store, { route: pathname, viewport: { width: window.innerWidth, height: window.innerHeight } }),
    );
  return <Button variant="secondary" onClick={download} aria-describedby={describedBy}>Download diagnostics</Button>;
}
