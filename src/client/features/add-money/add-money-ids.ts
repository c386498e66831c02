/** ui-slice key of the naira activation form dialog of /add-money (its currency tab is `tabIds.addMoney`, app/dialog-ids.ts). */
export const nairaActivationDialogId = 'naira-activation';
