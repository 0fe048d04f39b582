// The report: one line per measurement, next to its ceiling measured in the same run.
//
// A case's row: { name, value, unit, baseline, baselineName, ratio, goal, met, error? }
//   value/baseline: numbers in `unit` (null when not measured); ratio = value / baseline (null: none);
//   goal: text such as '≤ 100 KB' or 'ratio ≥ 0.8' (null: informational); met: true | false | null;
//   error: why the measurement could not be made (shown as ERROR);
//   caveat: why the result should not be taken at face value (the result gets a * and the reason below).

const fmtNumber = (n) => {
  if (n === null || n === undefined || Number.isNaN(n)) return '—';
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

export const formatValue = (n, unit) => (n === null || n === undefined ? '—' : `${fmtNumber(n)}${unit ? ` ${unit}` : ''}`);

export function resultLabel(row) {
  if (row.error) return 'ERROR';
  const mark = row.caveat ? '*' : '';
  if (row.met === true) return `met${mark}`;
  if (row.met === false) return `MISSED${mark}`;
  return row.goal ? `n/a${mark}` : '—';
}

export function printTable(rowsByCase, { out = console.log } = {}) {
  const header = ['Case', 'Measurement', 'Value', 'Ceiling / baseline (same run)', 'Ratio', 'Goal', 'Result'];
  const lines = [];
  for (const [caseName, rows] of rowsByCase) {
    for (const row of rows) {
      lines.push([
        caseName,
        row.name,
        row.error ? '—' : formatValue(row.value, row.unit),
        row.baseline === null || row.baseline === undefined
          ? (row.baselineName ?? '—')
          : `${formatValue(row.baseline, row.unit)} (${row.baselineName})`,
        row.ratio === null || row.ratio === undefined ? '—' : `${row.ratio.toFixed(2)}×`,
        row.goal ?? '—',
        resultLabel(row),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join(' │ ');
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─');
  out(fmt(header));
  out(rule);
  let previousCase = null;
  for (const line of lines) {
    const shown = [...line];
    if (line[0] === previousCase) shown[0] = '';
    previousCase = line[0];
    out(fmt(shown));
  }
  const all = [...rowsByCase.values()].flat();
  const missed = all.filter((r) => r.met === false && !r.error).length;
  const errors = all.filter((r) => r.error).length;
  const met = all.filter((r) => r.met === true).length;
  out(rule);
  out(`${met} met, ${missed} MISSED, ${errors} ERROR${errors === 1 ? '' : 'S'}`);
  for (const row of all.filter((r) => r.error)) out(`  ERROR ${row.name.trim()}: ${row.error}`);
  for (const row of all.filter((r) => r.caveat && !r.error)) out(`  * ${row.name.trim()}: ${row.caveat}`);
}
