import type { Change } from '@/dashboard/describe-change';

const TONES: Record<Change['direction'], string> = {
  up: 'bg-emerald-50 text-emerald-800',
  down: 'bg-rose-50 text-rose-800',
  flat: 'bg-slate-100 text-slate-700',
  new: 'bg-brand-50 text-brand-800',
};

/** `▲ 12%` in colour for the eye; "up 12% from the previous 30 days" for screen readers. */
export function ChangeBadge({ change }: { change: Change }) {
  return (
    <span
      title={change.text}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium tabular-nums ${TONES[change.direction]}`}
    >
      <span aria-hidden="true">{change.label}</span>
      <span className="sr-only">{change.text}</span>
    </span>
  );
}
