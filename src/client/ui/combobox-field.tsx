import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Control, ErrorText, FieldLabel, FieldRoot, Hint, controlStyles, describedBy, useFieldIds, type FieldError } from './field';

export interface ComboboxFieldProps<T> {
  label: ReactNode;
  options: readonly T[];
  /** The text shown for an option, and searched (case-insensitive, anywhere in it). */
  optionLabel(option: T): string;
  optionKey(option: T): string;
  /** The chosen option (controlled), or null. */
  value: T | null;
  /** An option chosen, or null once the text is edited away from the chosen one. */
  onChange(value: T | null): void;
  /** Said instead of the list when the search matches nothing, e.g. 'No banks found'. */
  emptyText: string;
  placeholder?: string;
  hint?: ReactNode;
  error?: FieldError;
  disabled?: boolean;
}

const Anchor = styled(Control)`
  flex-direction: column;
  align-items: stretch;
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
`;

interface Placement {
  above: boolean;
  height: number;
}

/** Room kept for the fixed bars of a phone's screen (the header above, the bottom bar below). */
const BAR_ROOM = 80;

const LIST_HEIGHT = 240;
/** The least height of an open list, with the room short: about two options. */
const MIN_LIST_HEIGHT = 96;

const List = styled.ul<{ $place: Placement }>`
  position: absolute;
  ${({ $place }) => ($place.above ? 'bottom' : 'top')}: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: 10;
  max-height: ${({ $place }) => $place.height}px;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs} 0;
  overflow-y: auto;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Option = styled.li<{ $active: boolean }>`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  cursor: pointer;
  ${({ $active, theme }) => $active && css`
    color: ${theme.colors.primary};
    background: ${theme.colors.primarySoft};
  `}
`;

/**
 * A searchable single choice (WAI-ARIA combobox with a listbox popup): typing filters the options,
 * ArrowDown/ArrowUp move through them, Enter or a click chooses, Escape closes the list.
 */
export function ComboboxField<T>({ label, options, optionLabel, optionKey, value, onChange, emptyText, placeholder, hint, error, disabled }: ComboboxFieldProps<T>) {
  const ids = useFieldIds(undefined);
  const listId = `${ids.inputId}-list`;
  const optionId = (index: number) => `${ids.inputId}-option-${index}`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);

  const needle = query.trim().toLowerCase();
  const matches = options.filter((option) => optionLabel(option).toLowerCase().includes(needle));
  const activeIndex = Math.min(active, matches.length - 1);
  const listed = open && matches.length > 0;

  // The open list stays on screen, clear of a phone's fixed bars: a field out of that band is
  // first scrolled to the middle; the list opens below it, or above when the room below is too
  // short for it and the room above is larger, and is no taller than its room.
  const [place, setPlace] = useState<Placement>({ above: false, height: LIST_HEIGHT });
  useLayoutEffect(() => {
    const field = list.current?.parentElement;
    if (!listed || !field || !list.current) return;
    const band = window.innerHeight - BAR_ROOM;
    let box = field.getBoundingClientRect();
    if (box.top < BAR_ROOM || box.bottom > band) {
      field.scrollIntoView?.({ block: 'center' });
      box = field.getBoundingClientRect();
    }
    const below = band - box.bottom;
    const above = box.top - BAR_ROOM;
    const flip = below < Math.min(list.current.scrollHeight, LIST_HEIGHT) && above > below;
    setPlace({ above: flip, height: Math.max(MIN_LIST_HEIGHT, Math.min(LIST_HEIGHT, Math.floor(flip ? above : below) - 8)) });
  }, [listed, matches.length]);

  useEffect(() => {
    if (listed) list.current?.children[activeIndex]?.scrollIntoView?.({ block: 'nearest' });
  }, [listed, activeIndex]);

  const choose = (option: T) => {
    onChange(option);
    setQuery('');
    setOpen(false);
  };

  const edit = (text: string) => {
    setQuery(text);
    setActive(0);
    setOpen(true);
    if (value !== null) onChange(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (matches.length > 0) setActive((activeIndex + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && listed) {
      event.preventDefault();
      choose(matches[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <FieldRoot>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <Anchor>
        <Input
          id={ids.inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={listed ? listId : undefined}
          aria-activedescendant={listed ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? ids.hintId : undefined, error && ids.errorId)}
          placeholder={placeholder}
          disabled={disabled}
          value={value === null ? query : optionLabel(value)}
          onChange={(event) => edit(event.target.value)}
          onClick={() => setOpen(true)}
          onKeyDown={handleKeyDown}
          onBlur={() => setOpen(false)}
          $invalid={Boolean(error)}
        />
        {listed && (
          <List ref={list} $place={place} id={listId} role="listbox" aria-label={typeof label === 'string' ? label : undefined}>
            {matches.map((option, index) => (
              <Option
                key={optionKey(option)}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                $active={index === activeIndex}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                {optionLabel(option)}
              </Option>
            ))}
          </List>
        )}
      </Anchor>
      {open && matches.length === 0 && <Hint role="status">{emptyText}</Hint>}
      {hint && <Hint id={ids.hintId}>{hint}</Hint>}
      {error && <ErrorText id={ids.errorId} role="alert">{error}</ErrorText>}
    </FieldRoot>
  );
}
