/** ui-slice keys of /add-money: the selected currency tab and the naira activation form dialog. */
export const addMoneyTabId = 'add-money';
export const nairaActivationDialogId = 'naira-activation';
