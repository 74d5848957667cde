// RFC 4180 CSV: comma-separated, CRLF line ends, fields quoted when they hold a comma, a quote or a
// line break. A text cell that a spreadsheet would run as a formula (=, +, -, @) is prefixed with an
// apostrophe: test names and card prompts are authored text, and a CSV is opened in Excel.

export type CsvCell = string | number | null;

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

function field(cell: CsvCell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
