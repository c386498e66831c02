import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { CloseIcon, dialogOpenedFrom, focusedElement, IconButton, returnFocus } from '../../ui';

/** What the provider page posts to its parent frame (the server's simulated provider does). */
interface IdentityMessage {
  type: 'kudi-identity';
  status: 'finished' | 'cancelled';
}

const isIdentityMessage = (data: unknown): data is IdentityMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as IdentityMessage).type === 'kudi-identity' &&
  ['finished', 'cancelled'].includes((data as IdentityMessage).status);

const TITLE = 'Identity verification';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Frame = styled.iframe`
  flex: 1;
  width: 100%;
  border: 0;
`;

export interface ProviderFrameProps {
  src: string;
  /** The provider posted `finished`. */
  onFinished(): void;
  /** The provider posted `cancelled`, or the user closed the frame. */
  onClose(): void;
}

/**
 * The identity provider's page in a full-screen dialog. Listens for the provider's
 * `{ type: 'kudi-identity', status }` message, from this origin only.
 */
export function ProviderFrame({ src, onFinished, onClose }: ProviderFrameProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const handleMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isIdentityMessage(event.data)) return;
      if (event.data.status === 'finished') onFinished();
      else onClose();
    };
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [onFinished, onClose]);

  // Focus starts on the close button and returns to the opener afterwards (ui focus-return.ts).
  const [opener] = useState(focusedElement);
  const overlayRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (overlayRef.current) dialogOpenedFrom(overlayRef.current, opener);
    closeRef.current?.focus();
    return () => returnFocus(opener);
  }, [opener]);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    // Back from the close button (the dialog's first stop) goes into the provider's page, not behind the dialog.
    if (event.key === 'Tab' && event.shiftKey && event.target === closeRef.current) {
      event.preventDefault();
      frameRef.current?.focus();
    }
  };

  return createPortal(
    <Overlay ref={overlayRef} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={handleKeyDown}>
      <Bar>
        <Title id={titleId}>{TITLE}</Title>
        <IconButton ref={closeRef} label={`Close ${TITLE.toLowerCase()}`} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Bar>
      <Frame ref={frameRef} src={src} title={TITLE} allow="camera; microphone" />
      {/* Tab past the provider's page's last control lands here (the page behind cannot catch it) and goes round to the close button. */}
      <span tabIndex={0} data-testid="identity-frame-end" onFocus={() => closeRef.current?.focus()} />
    </Overlay>,
    document.body,
  );
}
