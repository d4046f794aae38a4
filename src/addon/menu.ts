/** Adds the CRM menu when the spreadsheet opens. */
export function onOpen(): void {}
