/** Account numbers as answers show them: masked, only the last four digits visible. */

/** Only the last four digits shown: '0182605790' → '******5790'; null for none. */
export function maskAccountNumber(number: string | null | undefined): string | null {
  if (!number) return null;
  const visible = number.slice(-4);
  return `${'*'.repeat(Math.max(number.length - visible.length, 0))}${visible}`;
}
