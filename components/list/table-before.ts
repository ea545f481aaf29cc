// The table a list's foot acts on ("Download CSV", "Columns"): the last table before the control on the
// page, the one its pager pages.
export const tableBefore = (element: Element) =>
  [...document.querySelectorAll("table")].filter((one) => one.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING).at(-1);
