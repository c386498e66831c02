import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button, IconButton } from './button';
import { dialogOpenedFrom, focusedElement, returnFocus } from './focus-return';
import { CloseIcon } from './icons';
import { media } from './theme';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  /** Heading of the dialog; it names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Short text under the title; it describes the dialog (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, laid out at the bottom. */
  footer?: ReactNode;
  /** false: no close button, Escape and the backdrop do nothing. Default true. */
  dismissible?: boolean;
}

const TABBABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])', 'select:not([disabled])',
  'textarea:not([disabled])', 'iframe', '[tabindex]:not([tabindex="-1"])',
].join(',');

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.backdrop};
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  max-width: 480px;
  max-height: calc(100vh - 32px);
  /* A phone's browser bars come and go: the dynamic viewport keeps the dialog's foot on screen. */
  max-height: calc(100dvh - 32px);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  &:focus { outline: none; }
  ${media.sm} { padding: ${({ theme }) => theme.space.lg}; }
  ${media.md} { padding: ${({ theme }) => theme.space.xl}; }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  & > button { margin: -8px -8px 0 0; }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

/** How long after a dialog opens a repeated press (a double click's or tap's second) is taken as part of the one that opened it. */
const REPEAT_OF_OPENING_MS = 700;

/**
 * Modal dialog in a portal: focus moves in on open (to an autoFocus child, else the dialog),
 * Tab is trapped, Escape/backdrop close it, focus returns to the opener (focus-return.ts: or to
 * where the opener's own dialog was opened from, else the screen's heading), body scroll is locked.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ onClose, title, description, children, footer, dismissible = true }: ModalProps) {
  // Read before the children mount: an autoFocus child takes focus during the commit.
  const [opener] = useState(focusedElement);
  const [openedAt] = useState(() => performance.now());
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const panel = panelRef.current;
    if (panel) dialogOpenedFrom(panel, opener);
    if (panel && !panel.contains(document.activeElement)) panel.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      returnFocus(opener);
    };
  }, [opener]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const panel = event.currentTarget;
    // Keys from a dialog opened on top of this one (portals bubble through React) are its own.
    if (!(event.target instanceof Node) || !panel.contains(event.target)) return;
    if (event.key === 'Escape' && dismissible) {
      onClose();
    } else if (event.key === 'Tab') {
      const items = Array.from(panel.querySelectorAll<HTMLElement>(TABBABLE));
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
      } else if (event.shiftKey && (active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const handleBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (isRepeatOfOpening(event)) event.preventDefault(); // the focus stays where the dialog put it
    else if (dismissible) onClose();
  };
  const ignoreRepeatOfOpening = (event: MouseEvent<HTMLDivElement>) => {
    if (!isRepeatOfOpening(event)) return;
    event.preventDefault();
    event.stopPropagation();
  };
  /**
   * The second press of a double click or tap whose first press opened this dialog (Send, then the
   * review; Continue, then the PIN): it is not meant for what the dialog put under the pointer, so it
   * neither closes the dialog (a press on the backdrop) nor presses the dialog's button (a bill's
   * review confirmed unseen).
   */
  const isRepeatOfOpening = (event: MouseEvent) => event.detail > 1 && performance.now() - openedAt < REPEAT_OF_OPENING_MS;

  return createPortal(
    <Backdrop onMouseDown={handleBackdrop} onClickCapture={ignoreRepeatOfOpening}>
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          {dismissible && <IconButton label="Close" onClick={onClose}><CloseIcon /></IconButton>}
        </Header>
        {description && <Description id={descriptionId}>{description}</Description>}
        {children}
        {footer && <Footer>{footer}</Footer>}
      </Panel>
    </Backdrop>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  /** Cancel, Escape, backdrop or the close button. */
  onClose(): void;
  /** What confirming does; while the promise it returns is unsettled, further taps do nothing. */
  onConfirm(): void | Promise<unknown>;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** While busy the dialog cannot be dismissed and the confirm button shows `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
}

/** Yes/no question on a Modal; focus starts on the cancel button (the safe choice). */
export function ConfirmDialog({ open, onClose, onConfirm, title, text, confirmLabel, cancelLabel = 'Cancel', busy = false, busyLabel }: ConfirmDialogProps) {
  // Two taps before React has drawn the busy button (a double tap, a click fired twice) confirm once.
  const confirming = useRef(false);
  const confirm = () => {
    if (confirming.current) return;
    confirming.current = true;
    const done = () => {
      confirming.current = false;
    };
    try {
      void Promise.resolve(onConfirm()).finally(done);
    } catch (error) {
      done();
      throw error;
    }
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={text}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>{cancelLabel}</Button>
          <Button onClick={confirm} busy={busy} busyLabel={busyLabel}>{confirmLabel}</Button>
        </>
      }
    />
  );
}
