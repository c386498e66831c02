import styled from 'styled-components';

const Root = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Dots = styled.span`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const Dot = styled.span<{ $done: boolean }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme, $done }) => ($done ? theme.colors.primary : 'transparent')};
`;

/** The 4-dot wizard progress, with its text ('Step 2 of 4') for everyone, screen readers included. */
export function StepIndicator({ step, total }: { step: number; total: number }) {
  return (
    <Root>
      <Dots aria-hidden="true">
        {Array.from({ length: total }, (_, index) => <Dot key={index} $done={index < step} />)}
      </Dots>
      <span>Step {step} of {total}</span>
    </Root>
  );
}
