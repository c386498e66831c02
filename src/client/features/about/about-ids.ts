/** ui-slice keys of the /about screen (the open panel, dialogs and FAQ item live in the store). */
export const aboutIds = {
  helpCenter: 'about-help-center',
  contactDialog: 'about-contact',
  faqDialog: 'about-faq',
  /** Tab key holding the open FAQ answer's index ('' when all are closed). */
  faqItem: 'about-faq-item',
} as const;
