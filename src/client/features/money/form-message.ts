/** The one message a money form shows: its first validation error, else the refusal its submit put in `status`. */
export function formMessage({ errors, status }: { errors: object; status?: unknown }): string | undefined {
  const error = Object.values(errors).find((value): value is string => typeof value === 'string');
  return error ?? (typeof status === 'string' ? status : undefined);
}
