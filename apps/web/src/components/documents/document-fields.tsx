import type { DocumentKind } from '@coursepack/db/schema';
import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { SelectField, TextareaField, TextField } from '@/components/forms/form-field';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX } from '@/documents/document-limits';
import { KIND_LABELS } from '@/documents/kind-labels';

// The fields the upload and edit forms share: the same document's title, kind and description,
// named, labelled and limited once.

interface DocumentFieldProps {
  id: string;
  error?: string;
}

/** The "Title" field: required, at most the documents' title limit. */
export function TitleField(props: DocumentFieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <TextField {...props} label="Title" name="title" required maxLength={DOCUMENT_TITLE_MAX} />
  );
}

/** The "Kind" select: one option per document kind. */
export function KindField(props: DocumentFieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <SelectField {...props} label="Kind" name="kind">
      {(Object.keys(KIND_LABELS) as DocumentKind[]).map((kind) => (
        <option key={kind} value={kind}>
          {KIND_LABELS[kind].singular}
        </option>
      ))}
    </SelectField>
  );
}

/** The optional "Description": at most the documents' description limit. */
export function DescriptionField(
  props: DocumentFieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>,
) {
  return (
    <TextareaField
      {...props}
      label="Description"
      optional
      name="description"
      maxLength={DOCUMENT_DESCRIPTION_MAX}
    />
  );
}
