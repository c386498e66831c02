import { CopyButton } from './copy-button';
import { TextField } from './text-field';

/** A read-only value with a copy button, e.g. the deposit email or an account number. */
export function CopyField({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} readOnly trailing={<CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />} />;
}
