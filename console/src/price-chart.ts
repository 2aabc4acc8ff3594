import { h } from './dom.ts';

export interface PricePoint {
  observed_at: string;
  price: string | null;
  currency: string | null;
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { left: 56, right: 16, top: 16, bottom: 32 };
const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * A product's price over time as an inline SVG step line (a price holds until the next scrape sees
 * another). One point draws a dot; unpriced observations (out of stock, price hidden) leave gaps.
 * The table beside it carries the same figures for screen readers.
 */
export function priceChart(title: string, points: readonly PricePoint[]): HTMLElement {
  const priced = points
    .filter((point) => point.price !== null)
    .map((point) => ({ time: Date.parse(point.observed_at), price: Number(point.price) }));
  const figure = h('figure', { class: 'chart' });
  if (priced.length === 0) {
    figure.append(h('figcaption', {}, `${title}: no priced observation yet.`));
    return figure;
  }
  const times = priced.map((point) => point.time);
  const prices = priced.map((point) => point.price);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [p0, p1] = [Math.min(...prices), Math.max(...prices)];
  const span = (low: number, high: number) => (high === low ? 1 : high - low);
  const x = (time: number) =>
    priced.length === 1
      ? (PAD.left + WIDTH - PAD.right) / 2
      : PAD.left + ((time - t0) / span(t0, t1)) * (WIDTH - PAD.left - PAD.right);
  const lowY = p0 === p1 ? p0 * 0.9 : p0;
  const highY = p0 === p1 ? p1 * 1.1 || 1 : p1;
  const y = (price: number) =>
    HEIGHT - PAD.bottom - ((price - lowY) / span(lowY, highY)) * (HEIGHT - PAD.top - PAD.bottom);
  const chart = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-label': title,
    class: 'price-chart',
  });
  chart.append(
    svg('line', {
      x1: PAD.left,
      y1: HEIGHT - PAD.bottom,
      x2: WIDTH - PAD.right,
      y2: HEIGHT - PAD.bottom,
      class: 'axis',
    }),
    svg('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: HEIGHT - PAD.bottom, class: 'axis' }),
    svg('text', { x: PAD.left - 6, y: y(highY) + 4, 'text-anchor': 'end' }, highY.toFixed(2)),
    svg('text', { x: PAD.left - 6, y: y(lowY) + 4, 'text-anchor': 'end' }, lowY.toFixed(2)),
    svg('text', { x: PAD.left, y: HEIGHT - 8 }, new Date(t0).toLocaleDateString()),
    svg(
      'text',
      { x: WIDTH - PAD.right, y: HEIGHT - 8, 'text-anchor': 'end' },
      new Date(t1).toLocaleDateString(),
    ),
  );
  if (priced.length > 1) {
    const steps = priced.flatMap((point, index) => {
      const previous = priced[index - 1];
      return previous
        ? [`H${x(point.time).toFixed(1)}`, `V${y(point.price).toFixed(1)}`]
        : [`M${x(point.time).toFixed(1)},${y(point.price).toFixed(1)}`];
    });
    chart.append(svg('path', { d: steps.join(' '), class: 'line', fill: 'none' }));
  }
  for (const point of priced)
    chart.append(svg('circle', { cx: x(point.time), cy: y(point.price), r: 3, class: 'dot' }));
  figure.append(chart, h('figcaption', {}, title));
  return figure;
}
