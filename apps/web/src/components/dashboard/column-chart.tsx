import { niceDurationMax, niceMax } from '@/dashboard/nice-scale';

export interface Column {
  key: string;
  value: number;
  /** The column's figures in words, shown on hover: `9 Mar: 34 visitors, 120 views`. */
  tooltip: string;
}

/**
 * Columns on a value axis with gridlines at zero, half and the top, drawn with HTML so labels
 * stay sharp at any width. Decorative for assistive technology: callers give a text
 * alternative (a summary and a table).
 */
export function ColumnChart({
  columns,
  scale,
  format,
  xLabels,
  heightClass = 'h-44',
  colorClass = 'bg-brand-600',
}: {
  columns: Column[];
  /** Counts get axes on round numbers, durations on round minutes and hours. */
  scale: 'count' | 'duration';
  format: (value: number) => string;
  /** Labels under the plot, at their column's index. */
  xLabels: { index: number; label: string }[];
  heightClass?: string;
  colorClass?: string;
}) {
  const largest = Math.max(0, ...columns.map((column) => column.value));
  const top = scale === 'duration' ? niceDurationMax(largest) : niceMax(largest);
  return (
    <div aria-hidden="true">
      <div className="flex gap-2">
        <div
          className={`flex w-12 shrink-0 flex-col justify-between text-right text-[11px] leading-none text-slate-500 tabular-nums ${heightClass}`}
        >
          <span>{format(top)}</span>
          <span>{format(top / 2)}</span>
          <span>0</span>
        </div>
        <div className={`relative flex-1 ${heightClass}`}>
          <div className="absolute inset-x-0 top-0 border-t border-dashed border-slate-200" />
          <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-slate-200" />
          <div className="absolute inset-x-0 bottom-0 border-t border-slate-300" />
          <div className="absolute inset-0 flex items-end gap-px sm:gap-0.5">
            {columns.map((column, index) => (
              <div key={column.key} className="group relative flex h-full min-w-0 flex-1 items-end">
                <div
                  className={`mx-auto w-full max-w-16 rounded-t-sm ${colorClass} opacity-85 group-hover:opacity-100`}
                  style={{
                    height: `${(column.value / top) * 100}%`,
                    minHeight: column.value > 0 ? 2 : 0,
                  }}
                />
                <span
                  className={`pointer-events-none absolute bottom-full z-10 mb-1 hidden whitespace-nowrap rounded-md bg-ink px-2 py-1 text-xs text-white shadow group-hover:block ${tooltipAlign(
                    index,
                    columns.length,
                  )}`}
                >
                  {column.tooltip}
                </span>
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="relative ml-14 mt-1.5 h-4 text-[11px] text-slate-500">
        {xLabels.map(({ index, label }) => (
          <span
            key={index}
            className="absolute whitespace-nowrap"
            style={labelPosition(index, columns.length)}
          >
            {label}
          </span>
        ))}
      </div>
    </div>
  );
}

// Tooltips of the outer columns open inwards, so none sticks out of the card (or the phone).
function tooltipAlign(index: number, count: number): string {
  if (index < count / 3) return 'left-0';
  if (index >= (count * 2) / 3) return 'right-0';
  return 'left-1/2 -translate-x-1/2';
}

// Labels sit under their column's middle; with many narrow columns the outer labels keep to
// the edges instead, so they do not stick out of the chart.
function labelPosition(index: number, count: number) {
  if (count > 12 && index === 0) return { left: 0 };
  if (count > 12 && index === count - 1) return { right: 0 };
  return { left: `${((index + 0.5) / count) * 100}%`, transform: 'translateX(-50%)' };
}
