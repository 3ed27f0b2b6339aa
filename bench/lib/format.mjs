// Markdown tables and number formatting shared by every section of the results.

/**
 * A markdown table. Numbers are expected pre-formatted; `align` marks right-aligned columns.
 * @param {string[]} header
 * @param {string[][]} rows
 * @param {boolean[]} [right]
 */
export function table(header, rows, right = header.map((_, i) => i > 0)) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => (right[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** A duration in ns, shown in the unit that keeps 3 significant digits. */
export function duration(ns) {
  if (ns == null || Number.isNaN(ns)) return '—';
  if (ns < 1e3) return `${ns.toFixed(ns < 10 ? 2 : ns < 100 ? 1 : 0)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(ns < 1e4 ? 2 : ns < 1e5 ? 1 : 0)} µs`;
  return `${(ns / 1e6).toFixed(2)} ms`;
}

/** A ratio such as 2.31×. */
export function ratio(value) {
  if (value == null || !Number.isFinite(value)) return '—';
  return `${value.toFixed(value < 10 ? 2 : 1)}×`;
}

/** A number with a fixed count of decimals, '0' for exact zeros. */
export function num(value, decimals = 2) {
  if (value == null || Number.isNaN(value)) return '—';
  if (value === 0) return '0';
  return value.toFixed(decimals);
}

/** Bytes, grouped by thousands. */
export function bytes(value) {
  if (value == null || Number.isNaN(value)) return '—';
  return Math.round(value).toLocaleString('en-US');
}
