/**
 * Text a buyer typed, written into a spreadsheet as text: a cell starting with = + - @, a tab or a
 * carriage return would be read by Excel, LibreOffice or WPS as a formula (or a DDE payload), so it
 * is written with a leading apostrophe and shows as typed (CSV/formula injection).
 */
const formulaLead = /^[=+\-@\t\r]/;

export function inertCellText(value: string): string {
  return formulaLead.test(value) ? `'${value}` : value;
}
