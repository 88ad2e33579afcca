'use client';

import { type FormEvent, useEffect, useId, useState } from 'react';
import { readPageNumber } from '@/reader/paging';
import { parseZoom, stepZoom, ZOOMS, type Zoom, zoomLabel } from '@/reader/zoom';
import { useTrackProductAction } from '@/tracking/use-track-product-action';
import { Icon, type IconName } from './icons';

const BUTTON =
  'h-9 min-w-8 items-center justify-center rounded-lg px-1.5 sm:min-w-9 sm:px-2 text-slate-700 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent aria-pressed:bg-brand-50 aria-pressed:text-brand-800';

function ToolButton({
  icon,
  label,
  onClick,
  disabled,
  pressed,
  className = '',
  expanded,
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  className?: string;
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-label={label}
      title={label}
      className={`${BUTTON} ${className || 'inline-flex'}`}
    >
      <Icon name={icon} />
    </button>
  );
}

/**
 * The reader's sticky toolbar: previous and next, the page being read as a field to type a page
 * into, zoom, find, the pages sheet (phones), full screen and download.
 */
export function ReaderToolbar({
  current,
  pageCount,
  onGoTo,
  zoom,
  fit,
  onZoom,
  canZoom,
  findOpen,
  onToggleFind,
  onOpenPages,
  fullscreen,
  onToggleFullscreen,
  download,
}: {
  current: number;
  pageCount: number;
  onGoTo: (page: number) => void;
  zoom: Zoom;
  /** Fit width's scale, which "+" and "−" step from. */
  fit: number;
  onZoom: (zoom: Zoom) => void;
  canZoom: boolean;
  findOpen: boolean;
  onToggleFind: () => void;
  onOpenPages: () => void;
  fullscreen: boolean | null;
  onToggleFullscreen: () => void;
  download: { href: string; courseId: number; docId: number } | null;
}) {
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const track = useTrackProductAction();
  // The field shows the page being read, except while someone types in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page in view ends the typing
  useEffect(() => setDraft(null), [current]);

  const zoomIn = stepZoom(zoom, 1, fit);
  const zoomOut = stepZoom(zoom, -1, fit);

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const page = readPageNumber(draft ?? String(current), pageCount);
    setDraft(null);
    if (page !== undefined) onGoTo(page);
  };
  return (
    <div
      role="toolbar"
      aria-label="Reader"
      className="flex items-center gap-0.5 rounded-xl border border-slate-200 bg-white/95 px-1 py-1 shadow-sm backdrop-blur sm:gap-2 sm:px-2"
    >
      <ToolButton
        icon="previous"
        label="Previous page"
        onClick={() => onGoTo(current - 1)}
        disabled={current <= 1}
      />
      <form onSubmit={jump} className="flex items-center gap-1 text-sm text-slate-700">
        <label htmlFor={inputId} className="sr-only">
          Page number (of {pageCount})
        </label>
        <input
          id={inputId}
          inputMode="numeric"
          enterKeyHint="go"
          autoComplete="off"
          value={draft ?? String(current)}
          onChange={(event) => setDraft(event.target.value)}
          onFocus={(event) => event.target.select()}
          onBlur={() => setDraft(null)}
          className="h-9 w-12 rounded-lg border border-slate-300 px-1 text-center text-base tabular-nums sm:text-sm"
        />
        <span aria-hidden="true" className="whitespace-nowrap tabular-nums">
          / {pageCount}
        </span>
      </form>
      <ToolButton
        icon="next"
        label="Next page"
        onClick={() => onGoTo(current + 1)}
        disabled={current >= pageCount}
      />
      {canZoom ? (
        <div className="ml-auto flex items-center gap-0.5 sm:ml-2">
          <ToolButton
            icon="zoomOut"
            label="Zoom out"
            onClick={() => zoomOut !== undefined && onZoom(zoomOut)}
            disabled={zoomOut === undefined}
          />
          <label className="sr-only" htmlFor={`${inputId}-zoom`}>
            Zoom
          </label>
          <select
            id={`${inputId}-zoom`}
            value={String(zoom)}
            onChange={(event) => onZoom(parseZoom(event.target.value))}
            // A phone's toolbar has room for the buttons only (a double tap zooms too).
            className="hidden h-9 rounded-lg border border-slate-300 bg-white px-1 text-sm sm:block"
          >
            {ZOOMS.map((level) => (
              <option key={level} value={String(level)}>
                {zoomLabel(level)}
              </option>
            ))}
          </select>
          <ToolButton
            icon="zoomIn"
            label="Zoom in"
            onClick={() => zoomIn !== undefined && onZoom(zoomIn)}
            disabled={zoomIn === undefined}
          />
        </div>
      ) : null}
      <div className={`flex items-center gap-0.5 ${canZoom ? '' : 'ml-auto'}`}>
        <ToolButton
          icon="find"
          label="Find in document"
          onClick={onToggleFind}
          pressed={findOpen}
        />
        <ToolButton
          icon="pages"
          label="Pages"
          onClick={onOpenPages}
          className="inline-flex lg:hidden"
          expanded={false}
        />
        {fullscreen === null ? null : (
          <ToolButton
            icon="fullscreen"
            label={fullscreen ? 'Exit full screen' : 'Full screen'}
            onClick={onToggleFullscreen}
            pressed={fullscreen}
            className="hidden sm:inline-flex"
          />
        )}
        {download ? (
          <a
            href={download.href}
            aria-label="Download PDF"
            title="Download PDF"
            onClick={() =>
              void track('downloaded', { courseId: download.courseId, docId: download.docId })
            }
            className={`${BUTTON} hidden sm:inline-flex`}
          >
            <Icon name="download" />
          </a>
        ) : null}
      </div>
    </div>
  );
}
