/**
 * The benchmark's summary as one plain-text table. A row with fewer values than value columns
 * (a figure measured once, not per repository) spans them.
 */

export interface TableRow {
  metric: string;
  values: string[];
  target: string;
}

export function renderTable(header: readonly string[], rows: readonly TableRow[]): string {
  const columns = header.length - 2;
  const full = rows.filter((row) => row.values.length === columns);
  const widthOf = (cells: string[]) => Math.max(...cells.map((cell) => cell.length));
  const metricWidth = widthOf([header[0]!, ...rows.map((row) => row.metric)]);
  const valueWidths = Array.from({ length: columns }, (_, index) =>
    widthOf([header[index + 1]!, ...full.map((row) => row.values[index]!)]),
  );
  const spanned = widthOf([
    '',
    ...rows.filter((row) => row.values.length !== columns).map((row) => row.values.join('; ')),
  ]);
  const joined = () => valueWidths.reduce((sum, width) => sum + width, 0) + 3 * (columns - 1);
  // A spanning value wider than the columns it spans widens the last of them.
  if (spanned > joined()) valueWidths[columns - 1]! += spanned - joined();
  const spanWidth = joined();
  const targetWidth = widthOf([header.at(-1)!, ...rows.map((row) => row.target)]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const renderRow = (row: TableRow) => {
    const values =
      row.values.length === columns
        ? row.values.map((value, index) => value.padEnd(valueWidths[index]!))
        : [row.values.join('; ').padEnd(spanWidth)];
    return line([row.metric.padEnd(metricWidth), ...values, row.target.padEnd(targetWidth)]);
  };
  const rule = `|${['', ...valueWidths, ''].map((_, index) => '-'.repeat((index === 0 ? metricWidth : index === columns + 1 ? targetWidth : valueWidths[index - 1]!) + 2)).join('|')}|`;
  return [
    line([
      header[0]!.padEnd(metricWidth),
      ...header.slice(1, -1).map((cell, index) => cell.padEnd(valueWidths[index]!)),
      header.at(-1)!.padEnd(targetWidth),
    ]),
    rule,
    ...rows.map(renderRow),
  ].join('\n');
}
