import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list, e.g. 'Currency'. */
  label: string;
  tabs: readonly TabItem<T>[];
  /** The selected tab (controlled, so it can live in the store). */
  value: T;
  onChange(value: T): void;
  /** Content of the selected tab's panel. */
  children: ReactNode;
}

const TabList = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.neutralSoft};
`;

const Tab = styled.button<{ $selected: boolean }>`
  min-height: 40px;
  min-width: 88px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.muted};
  background: transparent;
  cursor: pointer;
  ${({ $selected, theme }) => $selected && css`
    color: ${theme.colors.primary};
    background: ${theme.colors.surface};
    box-shadow: ${theme.shadows.sm};
  `}
  &:hover { color: ${({ theme }) => theme.colors.primary}; }
`;

const Panel = styled.div`
  padding-top: ${({ theme }) => theme.space.md};
`;

/** WAI-ARIA tabs with automatic activation: arrows (wrapping), Home and End select a tab. */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(0, tabs.findIndex((tab) => tab.value === value));
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = `${id}-panel`;

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabRefs.current[target]?.focus();
    onChange(tabs[target].value);
  };

  return (
    <div>
      <TabList role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const selected = index === selectedIndex;
          return (
            <Tab
              key={tab.value}
              ref={(element) => { tabRefs.current[index] = element; }}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              onKeyDown={(event) => handleKeyDown(event, index)}
              $selected={selected}
            >
              {tab.label}
            </Tab>
          );
        })}
      </TabList>
      <Panel role="tabpanel" id={panelId} aria-labelledby={tabId(selectedIndex)} tabIndex={0}>
        {children}
      </Panel>
    </div>
  );
}
