import { Button } from '@kestrel/ui';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import settings from './SettingsForm.module.css';

type Props<Row extends Record<string, string>> = {
  title: string;
  hint: string;
  rows: Row[];
  /** The columns, in order. */
  cells: readonly (keyof Row & string)[];
  /** A column's heading, also read aloud with the row's number on each of its cells. */
  label: (name: keyof Row & string) => string;
  /** The columns that take whole numbers; the others take decimals. */
  wholeNumbers: readonly (keyof Row & string)[];
  /** What "add" puts at the end. */
  newRow: Row;
  addLabel: string;
  removeLabel: string;
  /** Every edit, as a change of the rows. */
  onChange: (change: (rows: Row[]) => Row[]) => void;
  /** What a typed cell means, shown under it. */
  under?: (row: Row, index: number, name: keyof Row & string) => ReactNode;
  testIds: { cell: (index: number, name: string) => string; remove: (index: number) => string; add: string };
  /** The number the first row is shown with (1 unless the rows count from another, such as level 0). */
  numberFrom?: number;
};

/**
 * The rows of a product's settings, edited in place as a table under their heading: a cell per column, a button
 * that removes a row (while more than one is left) and one that adds a row at the end.
 */
export function SettingsRows<Row extends Record<string, string>>({
  title,
  hint,
  rows,
  cells,
  label,
  wholeNumbers,
  newRow,
  addLabel,
  removeLabel,
  onChange,
  under,
  testIds,
  numberFrom = 1,
}: Props<Row>) {
  return (
    <>
      <h3 className={settings.heading}>{title}</h3>
      <p className={settings.muted}>{hint}</p>
      <table className={settings.table}>
        <thead>
          <tr>
            <th scope="col">#</th>
            {cells.map((name) => (
              <th scope="col" key={name}>
                {label(name)}
              </th>
            ))}
            <th scope="col">
              <span className={settings.hidden}>{removeLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Rows have no identity but their place; they are edited in place and removed by it.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              <td>{index + numberFrom}</td>
              {cells.map((name) => (
                <td key={name}>
                  <input
                    className={settings.cell}
                    inputMode={wholeNumbers.includes(name) ? 'numeric' : 'decimal'}
                    dir="ltr"
                    aria-label={`${label(name)} ${index + numberFrom}`}
                    value={row[name]}
                    onChange={(event) => {
                      const value = event.target.value.trim();
                      onChange((current) =>
                        current.map((each, at) => (at === index ? { ...each, [name]: value } : each)),
                      );
                    }}
                    data-testid={testIds.cell(index, name)}
                  />
                  {under?.(row, index, name)}
                </td>
              ))}
              <td>
                <Button
                  variant="ghost"
                  size="md"
                  disabled={rows.length === 1}
                  aria-label={`${removeLabel} ${index + numberFrom}`}
                  onClick={() => onChange((current) => current.filter((_, at) => at !== index))}
                  data-testid={testIds.remove(index)}
                >
                  <Trash2 size={14} aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        variant="secondary"
        size="md"
        onClick={() => onChange((current) => [...current, newRow])}
        data-testid={testIds.add}
      >
        <Plus size={14} aria-hidden />
        {addLabel}
      </Button>
    </>
  );
}
