import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

const CONTROL =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink placeholder:text-slate-400 focus:border-brand-600 aria-[invalid=true]:border-red-600';

interface FieldProps {
  id: string;
  label: ReactNode;
  /** Adds a quiet "(optional)" after the label. */
  optional?: boolean;
  /** Read out with the control (aria-describedby) and shown under it. */
  hint?: ReactNode;
  /** What is wrong with the value; marks the control aria-invalid and is read out with it. */
  error?: string;
  /** Classes for the wrapper, e.g. a width. */
  className?: string;
}

/** The attributes a control needs to be tied to its field's label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled control with an optional hint and error, each tied to the control so screen readers
 * read them with it. `children` renders the control from the attributes it is given.
 */
export function Field({
  id,
  label,
  optional,
  hint,
  error,
  className = 'space-y-1',
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {optional ? (
          <>
            {' '}
            <span className="font-normal text-slate-500">(optional)</span>
          </>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      <FieldError id={`${id}-error`} message={error} />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A control's error, under it; give the control `aria-describedby={id}` while there is one. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** Splits a field's own props from the control's. */
function split<T extends FieldProps>({ label, optional, hint, error, className, ...control }: T) {
  return [{ id: control.id, label, optional, hint, error, className }, control] as const;
}

export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const [field, input] = split(props);
  return (
    <Field {...field}>{(control) => <input {...input} {...control} className={CONTROL} />}</Field>
  );
}

export function TextareaField(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [field, textarea] = split(props);
  return (
    <Field {...field}>
      {(control) => <textarea {...textarea} {...control} className={CONTROL} />}
    </Field>
  );
}

/** `children` are the options. */
export function SelectField(props: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const [field, select] = split(props);
  return (
    <Field {...field}>{(control) => <select {...select} {...control} className={CONTROL} />}</Field>
  );
}
