import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

/** Navigates from outside React (the API layer); a no-op until the router has mounted. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator?.(to, options);
}

/** Rendered once inside the router: hands its navigate function to navigateTo(). */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigator = (to, options) => void navigate(to, options);
    return () => {
      navigator = null;
    };
  }, [navigate]);
  return null;
}
