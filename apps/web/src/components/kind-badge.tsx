import type { DocumentKind } from '@coursepack/db/schema';
import { KIND_LABELS } from '@/documents/kind-labels';

const KIND_STYLES: Record<DocumentKind, string> = {
  notes: 'bg-sky-100 text-sky-900',
  slides: 'bg-violet-100 text-violet-900',
  exercises: 'bg-emerald-100 text-emerald-900',
  exam: 'bg-rose-100 text-rose-900',
  summary: 'bg-amber-100 text-amber-900',
  other: 'bg-slate-200 text-slate-800',
};

export function KindBadge({ kind }: { kind: DocumentKind }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${KIND_STYLES[kind]}`}
    >
      {KIND_LABELS[kind].singular}
    </span>
  );
}
