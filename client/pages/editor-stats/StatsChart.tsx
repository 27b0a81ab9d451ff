import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useId } from 'react';
import type { StatsDay, StatsCounter } from '../../../shared/authorStats';

/** The drawing's sizes in user units: the wide one for screens over 560 px, the narrow one below, so labels keep their size. */
const SIZES = { wide: { width: 720, height: 240 }, narrow: { width: 360, height: 220 } } as const;
const MARGIN = { top: 16, right: 8, bottom: 28, left: 56 };
const NARROW_LEFT = 44;

export interface StatsChartProps {
  daily: readonly StatsDay[];
  counter: StatsCounter;
  /** The chart's name (its `<title>`), e.g. "Views per day, last 30 days". */
  title: string;
  /** The numbers in words (its `<desc>`): total and highest day. */
  summary: string;
  /** A value as the page writes it (income in yuan). */
  format: (value: number) => string;
  size: keyof typeof SIZES;
}

/**
 * One counter per day as bars, an SVG drawn with visx's scales and shapes: rendered on the server
 * like the rest of the page, so it shows before any script. An image to assistive technology, named
 * by its title and summary; the table below it holds every value. The page draws a wide and a
 * narrow one and shows one by the screen's width (client/styles/stats.css): the other is not displayed,
 * so assistive technology meets one.
 */
export function StatsChart({ daily, counter, title, summary, format, size }: StatsChartProps) {
  const id = useId();
  const { width: WIDTH, height: HEIGHT } = SIZES[size];
  const values = daily.map((day) => day[counter]);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const left = size === 'wide' ? MARGIN.left : NARROW_LEFT;
  const x = scaleBand<string>({ domain: daily.map((day) => day.day), range: [left, WIDTH - MARGIN.right], padding: daily.length > 60 ? 0 : 0.2 });
  const y = scaleLinear<number>({ domain: [min, max === min ? min + 1 : max], range: [HEIGHT - MARGIN.bottom, MARGIN.top], nice: true });
  const zero = y(0);
  const ticks = y.ticks(4);
  // A month's bars are wide enough to point at; a year's are a pixel or two, and their 365 titles only weigh on the page.
  const tooltips = daily.length <= 31;
  const labelled = [daily[0], daily[Math.floor((daily.length - 1) / 2)], daily.at(-1)].filter((day): day is StatsDay => day !== undefined);
  return (
    <svg
      className={`stats-chart stats-chart--${size}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-counter={counter}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {ticks.map((tick) => (
        <g key={tick} aria-hidden="true">
          <line className="stats-chart__grid" x1={left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
          <text className="stats-chart__label" x={left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
            {format(tick)}
          </text>
        </g>
      ))}
      {daily.map((day) => {
        const value = day[counter];
        const top = y(Math.max(0, value));
        const height = Math.abs(y(value) - zero);
        return (
          <Bar key={day.day} className="stats-chart__bar" x={x(day.day) ?? 0} y={top} width={Math.max(1, x.bandwidth())} height={height}>
            {tooltips ? <title>{`${day.day}: ${format(value)}`}</title> : null}
          </Bar>
        );
      })}
      <line className="stats-chart__axis" x1={left} x2={WIDTH - MARGIN.right} y1={zero} y2={zero} aria-hidden="true" />
      {labelled.map((day, index) => (
        <text
          key={`${day.day}-${index}`}
          className="stats-chart__label"
          x={(x(day.day) ?? 0) + x.bandwidth() / 2}
          y={HEIGHT - 8}
          textAnchor={index === 0 ? 'start' : index === labelled.length - 1 ? 'end' : 'middle'}
          aria-hidden="true"
        >
          {day.day.slice(5)}
        </text>
      ))}
    </svg>
  );
}
