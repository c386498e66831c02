import { useId } from 'react';
import styled from 'styled-components';
import { SUPPORT_EMAIL } from '../../../shared/product';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, Card, ChevronDownIcon, Stack } from '../../ui';
import { DiagnosticsButton } from '../support';
import { aboutIds } from './about-ids';
import { ContactDialog } from './contact-dialog';
import { FaqDialog } from './faq-dialog';

const Toggle = styled.button<{ $open: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  padding: 0;
  border: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: left;
  background: transparent;
  cursor: pointer;
  svg { transition: transform 150ms ease; transform: rotate(${({ $open }) => ($open ? '180deg' : '0')}); }
`;

const MailLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
`;

const Diagnostics = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * Collapsible Help Center: contact form, FAQ and e-mail (spec §2), and the diagnostics file support
 * staff ask for (docs/SUPPORT.md).
 */
export function HelpCenter() {
  const dispatch = useAppDispatch();
  const panelId = useId();
  const diagnosticsNoteId = useId();
  const expanded = useAppSelector((state) => selectIsDialogOpen(state, aboutIds.helpCenter));
  const toggle = () => dispatch((expanded ? dialogClosed : dialogOpened)(aboutIds.helpCenter));

  return (
    <Card>
      <h2>
        <Toggle type="button" aria-expanded={expanded} aria-controls={panelId} onClick={toggle} $open={expanded}>
          Help Center
          <ChevronDownIcon />
        </Toggle>
      </h2>
      <div id={panelId} hidden={!expanded}>
        <Stack gap="sm">
          <Button variant="secondary" onClick={() => dispatch(dialogOpened(aboutIds.contactDialog))}>Contact Customer Support</Button>
          <Button variant="secondary" onClick={() => dispatch(dialogOpened(aboutIds.faqDialog))}>FAQ</Button>
          <MailLink href={`mailto:${SUPPORT_EMAIL}`}>Email Us</MailLink>
          <Diagnostics>
            <Note id={diagnosticsNoteId}>
              Send this file to support when they ask for it: it shows them what your app shows. Passwords, PINs,
              codes and tokens are left out.
            </Note>
            <DiagnosticsButton aria-describedby={diagnosticsNoteId} />
          </Diagnostics>
        </Stack>
      </div>
      <ContactDialog />
      <FaqDialog />
    </Card>
  );
}
