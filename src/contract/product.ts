/**
 * The product's name, as people see it in the menu, dialogs, e-mails, decks and the notes of
 * frozen cells (which are read back by it): one constant, so a rename is one change.
 */
export const PRODUCT_NAME = 'Visibility for Sheets';
