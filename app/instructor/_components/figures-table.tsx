import type { CsvCell } from "@/lib/instructor/csv";
import type { DashboardTable } from "@/lib/instructor/tables";
import styles from "./instructor.module.css";

const counts = new Intl.NumberFormat("en-US");
const numbers = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const percents = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

/** One dashboard table with its CSV link; the same definition the CSV export writes. */
export function FiguresTable({ table, csvHref }: { table: DashboardTable; csvHref: string }) {
  const headingId = `table-${table.id}`;
  return (
    <section className={styles.tableSection} aria-labelledby={headingId} data-table={table.id}>
      <div className={styles.tableHeader}>
        <h2 id={headingId}>{table.title}</h2>
        <a href={csvHref} download>
          Download CSV
        </a>
      </div>
      <p className={styles.note}>{table.description}</p>
      {table.rows.length === 0 ? (
        <p className={styles.note}>{table.empty}</p>
      ) : (
        <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby={headingId}>
          <table className={styles.table}>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={column.format === "text" ? undefined : styles.numeric}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => {
                    const format = table.columns[index]?.format ?? "text";
                    return (
                      <td key={index} className={format === "text" ? undefined : styles.numeric}>
                        {formatCell(cell, format)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function formatCell(cell: CsvCell, format: string): string {
  if (cell === null) return "—";
  if (typeof cell === "string") return cell;
  if (format === "rate") return percents.format(cell);
  if (format === "count") return counts.format(cell);
  return numbers.format(cell);
}
