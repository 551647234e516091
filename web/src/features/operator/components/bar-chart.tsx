import { formatBRL } from '../../../lib/format.ts';

/**
 * A small bar chart in SVG (no chart library: the bundle budget, and twelve bars need none). It is
 * an image with a text alternative (role="img" + title/desc); the table beside it carries the same
 * numbers for screen readers and print. Negative values draw below the zero line.
 */
export function BarChart({ title, bars }: { title: string; bars: { label: string; value: number; detail: string }[] }) {
  const width = 720;
  const height = 220;
  const pad = { top: 16, bottom: 40, left: 8, right: 8 };
  const max = Math.max(1, ...bars.map((b) => b.value));
  const min = Math.min(0, ...bars.map((b) => b.value));
  const span = max - min;
  const plot = height - pad.top - pad.bottom;
  const y = (v: number) => pad.top + ((max - v) / span) * plot;
  const slot = (width - pad.left - pad.right) / Math.max(1, bars.length);
  const summary = bars.map((b) => `${b.label}: ${formatBRL(b.value)}`).join('; ');
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="grafico-titulo grafico-desc"
      className="grafico-barras"
      width="100%"
      preserveAspectRatio="xMidYMid meet"
    >
      <title id="grafico-titulo">{title}</title>
      <desc id="grafico-desc">{summary}</desc>
      <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} stroke="#495057" strokeWidth={1} />
      {bars.map((b, i) => {
        const x = pad.left + i * slot + slot * 0.15;
        const top = Math.min(y(b.value), y(0));
        const h = Math.max(b.value === 0 ? 0 : 1, Math.abs(y(b.value) - y(0)));
        return (
          <g key={b.label}>
            <rect x={x} y={top} width={slot * 0.7} height={h} fill={b.value < 0 ? '#c92a2a' : '#0b7285'}>
              <title>{b.detail}</title>
            </rect>
            <text x={x + slot * 0.35} y={height - pad.bottom + 16} textAnchor="middle" fontSize={12} fill="#212529">
              {b.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
