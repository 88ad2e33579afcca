import type { DocumentKind } from '@coursepack/db/schema';
import type { SelectHTMLAttributes } from 'react';
import { SelectField } from '@/components/forms/form-field';
import { KIND_LABELS } from '@/documents/kind-labels';

/** The "Kind" select of the document forms: one option per document kind. */
export function KindField({
  id,
  error,
  ...select
}: { id: string; error?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <SelectField {...select} id={id} label="Kind" error={error} name="kind">
      {(Object.keys(KIND_LABELS) as DocumentKind[]).map((kind) => (
        <option key={kind} value={kind}>
          {KIND_LABELS[kind].singular}
        </option>
      ))}
    </SelectField>
  );
}
