import { useId } from 'react';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen, selectTab, tabSelected } from '../../app/ui-slice';
import { ChevronDownIcon, Modal } from '../../ui';
import { useGetPricingQuery } from '../../api/limits-api';
import { aboutIds } from './about-ids';
import { FAQ, FEES_QUESTION, feesAnswer, LIMITS_QUESTION, limitsAnswer } from './faq';

const List = styled.div`
  display: flex;
  flex-direction: column;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Item = styled.div`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Question = styled.button<{ $open: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  min-height: 48px;
  padding: ${({ theme }) => theme.space.sm} 0;
  border: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: left;
  background: transparent;
  cursor: pointer;
  svg { flex: none; transition: transform 150ms ease; transform: rotate(${({ $open }) => ($open ? '180deg' : '0')}); }
`;

const Answer = styled.p`
  padding-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.muted};
`;

/** FAQ accordion in a modal: one answer open at a time. */
export function FaqDialog() {
  const dispatch = useAppDispatch();
  const id = useId();
  const open = useAppSelector((state) => selectIsDialogOpen(state, aboutIds.faqDialog));
  const openItem = useAppSelector((state) => selectTab(state, aboutIds.faqItem, ''));
  // The fees and limits answers state the schedule the server applies, once it is known.
  const pricing = useGetPricingQuery(undefined, { skip: !open });
  const toggle = (index: string) => dispatch(tabSelected({ id: aboutIds.faqItem, tab: openItem === index ? '' : index }));

  return (
    <Modal open={open} onClose={() => dispatch(dialogClosed(aboutIds.faqDialog))} title="Frequently Asked Questions">
      <List>
        {FAQ.map(({ question, answer: statement }, position) => {
          const index = String(position);
          const answer =
            (question === FEES_QUESTION && pricing.data && feesAnswer(pricing.data)) ||
            (question === LIMITS_QUESTION && pricing.data && limitsAnswer(pricing.data)) ||
            statement;
          const expanded = openItem === index;
          return (
            <Item key={question}>
              <h3>
                <Question type="button" aria-expanded={expanded} aria-controls={`${id}-${index}`} onClick={() => toggle(index)} $open={expanded}>
                  {question}
                  <ChevronDownIcon />
                </Question>
              </h3>
              <Answer id={`${id}-${index}`} hidden={!expanded}>{answer}</Answer>
            </Item>
          );
        })}
      </List>
    </Modal>
  );
}
