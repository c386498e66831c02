import { useEffect, useRef, useState } from 'react';
import { COPY_RESET_MS } from '../../shared/limits';
import { addMoney } from '../../shared/messages';
import { IconButton } from './button';
import { CheckIcon, CopyIcon } from './icons';
import { toast } from './toast';

/** The spec names no text for a refused clipboard (insecure context, permission denied). */
const COPY_FAILED_MESSAGE = 'Could not copy. Please copy it by hand.';

export interface CopyButtonProps {
  value: string;
  /** Accessible name, e.g. 'Copy account number'; it reads 'Copied' for COPY_RESET_MS after a copy. */
  label: string;
}

export function CopyButton({ value, label }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      toast.error(COPY_FAILED_MESSAGE);
      return;
    }
    toast.success(addMoney.copied);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_RESET_MS);
  };

  return (
    <IconButton label={copied ? 'Copied' : label} onClick={() => void copy()}>
      {copied ? <CheckIcon /> : <CopyIcon />}
    </IconButton>
  );
}
