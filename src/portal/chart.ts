// The overview's bar chart as server-rendered SVG: no script, scales to the phone's width.
import { formatAmount } from '../domain/money.js';

const WIDTH = 600;
const HEIGHT = 160;

/** SVG markup for one bar per day; every value is numeric or an ISO day, nothing to escape. */
export function receivedChart(days: Array<{ day: string; pence: number }>): string {
  const max = Math.max(1, ...days.map((d) => d.pence));
  const step = WIDTH / Math.max(1, days.length);
  const bars = days
    .map((d, i) => {
      const h = Math.round((d.pence / max) * (HEIGHT - 10));
      return `<rect x="${(i * step + 1).toFixed(1)}" y="${HEIGHT - h}" width="${(step - 2).toFixed(1)}" height="${h}" fill="#0b5cad"><title>${d.day}: £${formatAmount(d.pence)}</title></rect>`;
    })
    .join('');
  return `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" preserveAspectRatio="none" role="img" aria-labelledby="received-title"><title id="received-title">Money received per day over the last ${days.length} days</title><line x1="0" y1="${HEIGHT}" x2="${WIDTH}" y2="${HEIGHT}" stroke="#6b7280"/>${bars}</svg>`;
}
