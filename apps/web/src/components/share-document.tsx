'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTrackProductAction } from '@/tracking/use-track-product-action';

/** What a visitor copied: the page's link or the embed snippet. */
export type ShareTarget = 'link' | 'embed';

/**
 * "Share / Embed" on a document page: the page's link and the `<iframe>` snippet that shows the
 * document on another site (`/embed/documents/{id}`), each with a copy button. A successful
 * copy is recorded as the `share` action (`copy_link` or `copy_embed`).
 */
export function ShareDocument({
  pageUrl,
  embedSnippet,
  courseId,
  docId,
  className = 'mt-4',
}: {
  pageUrl: string;
  embedSnippet: string;
  courseId: number;
  docId: number;
  /** Its place in the page's layout (margins). */
  className?: string;
}) {
  const id = useId();
  const track = useTrackProductAction();
  const onCopy = (target: ShareTarget) =>
    void track(target === 'link' ? 'linkShared' : 'embedShared', { courseId, docId });
  return (
    <details
      className={`group rounded-xl border border-slate-200 bg-slate-50 open:bg-white ${className}`}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 text-sm font-medium text-slate-800 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-4 w-4 fill-none stroke-current stroke-2"
        >
          <path d="M7 10.5 13 7M7 9.5l6 3.5" />
          <circle cx="5" cy="10" r="2.2" />
          <circle cx="15" cy="5.5" r="2.2" />
          <circle cx="15" cy="14.5" r="2.2" />
        </svg>
        Share / Embed
        <span aria-hidden="true" className="ml-auto text-slate-500 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="grid gap-4 border-t border-slate-200 px-4 py-4">
        <CopyField
          id={`${id}-link`}
          label="Link to this document"
          value={pageUrl}
          copyLabel="Copy link"
          onCopied={() => onCopy('link')}
        />
        <CopyField
          id={`${id}-embed`}
          label="Embed on your site"
          hint="Paste this HTML where the document should appear. Reading in the embed counts in this document’s analytics."
          value={embedSnippet}
          copyLabel="Copy code"
          multiline
          onCopied={() => onCopy('embed')}
        />
      </div>
    </details>
  );
}

function CopyField({
  id,
  label,
  hint,
  value,
  copyLabel,
  multiline = false,
  onCopied,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  copyLabel: string;
  multiline?: boolean;
  onCopied: () => void;
}) {
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (status === 'idle') return;
    const timer = setTimeout(() => setStatus('idle'), 2500);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    // Selected either way, so a failed copy leaves the text ready for Ctrl-C.
    field.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      setStatus('copied');
      onCopied();
    } catch {
      setStatus('failed');
    }
  };

  const fieldClass =
    'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-800 focus:border-brand-600';
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <div
        className={`mt-1.5 flex gap-2 ${multiline ? 'flex-col sm:flex-row sm:items-start' : ''}`}
      >
        {multiline ? (
          <textarea
            ref={field}
            id={id}
            readOnly
            rows={3}
            value={value}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onFocus={(event) => event.currentTarget.select()}
            className={`${fieldClass} h-24 resize-none sm:h-auto`}
          />
        ) : (
          <input
            ref={field}
            id={id}
            type="text"
            readOnly
            value={value}
            onFocus={(event) => event.currentTarget.select()}
            className={fieldClass}
          />
        )}
        <button
          type="button"
          onClick={copy}
          className="shrink-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700"
        >
          {copyLabel}
        </button>
      </div>
      <p aria-live="polite" className="mt-1 h-4 text-xs text-slate-600">
        {status === 'copied' ? 'Copied to the clipboard.' : null}
        {status === 'failed' ? 'Could not copy: the text is selected, press Ctrl+C.' : null}
      </p>
    </div>
  );
}
