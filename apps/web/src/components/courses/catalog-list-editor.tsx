'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import {
  mergeCatalogEntryContract,
  renameCatalogEntryContract,
} from '@/app/api/admin/catalog/[list]/[id]/contract';
import { FieldError } from '@/components/forms/form-field';
import {
  CATALOG_LIST,
  type CatalogList,
  INSTITUTION_NAME_MAX,
  SUBJECT_NAME_MAX,
} from '@/courses/catalog-lists';
import type { CatalogEntry } from '@/courses/list-catalog-entries';
import { callRoute } from '@/http/client';

const CONTROL =
  'min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-600 aria-[invalid=true]:border-red-600';
const BUTTON =
  'shrink-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:border-brand-600 disabled:opacity-60';

/** Names equal but for case and accents, to point a refused rename at the entry it met. */
const sameName = new Intl.Collator(undefined, { sensitivity: 'base' });

/** One list of the admins' catalogue page: each entry can be renamed or merged into another. */
export function CatalogListEditor({
  list,
  title,
  entries,
}: {
  list: CatalogList;
  title: string;
  entries: CatalogEntry[];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {title} <span className="font-normal text-slate-500">({entries.length})</span>
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {entries.map((entry) => (
          <CatalogEntryRow key={entry.id} list={list} entry={entry} others={entries} />
        ))}
      </ul>
    </section>
  );
}

function CatalogEntryRow({
  list,
  entry,
  others,
}: {
  list: CatalogList;
  entry: CatalogEntry;
  others: CatalogEntry[];
}) {
  const router = useRouter();
  const id = useId();
  const { noun } = CATALOG_LIST[list];
  const [pending, setPending] = useState(false);
  const [renameError, setRenameError] = useState<string>();
  const [mergeError, setMergeError] = useState<string>();
  const [mergeInto, setMergeInto] = useState('');
  // The merge target's list is drawn only for the entry being merged: one list of every other
  // entry per row would grow with the square of the catalogue.
  const [merging, setMerging] = useState(false);

  async function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    setPending(true);
    setRenameError(undefined);
    const renamed = await callRoute(renameCatalogEntryContract, {
      params: { list, id: entry.id },
      json: { name },
    });
    setPending(false);
    if (!renamed.ok) {
      setRenameError(renamed.message);
      // A name that is taken: offer the entry that has it as the one to merge into.
      const taken = others.find(
        (other) =>
          other.id !== entry.id &&
          sameName.compare(other.name, name.replace(/\s+/gu, ' ').trim()) === 0,
      );
      if (renamed.status === 409 && taken) {
        setMergeInto(String(taken.id));
        setMerging(true);
      }
      return;
    }
    router.refresh();
  }

  async function onMerge(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = others.find((other) => String(other.id) === mergeInto);
    if (!target) {
      setMergeError(`Choose the ${noun} to merge "${entry.name}" into.`);
      return;
    }
    const moves =
      entry.courseCount === 1 ? 'its course moves' : `its ${entry.courseCount} courses move`;
    if (
      !window.confirm(
        `Merge "${entry.name}" into "${target.name}"? ${moves} there and "${entry.name}" is removed.`,
      )
    ) {
      return;
    }
    setPending(true);
    setMergeError(undefined);
    const merged = await callRoute(mergeCatalogEntryContract, {
      params: { list, id: entry.id },
      json: { into: target.id },
    });
    setPending(false);
    if (!merged.ok) {
      setMergeError(merged.message);
      return;
    }
    router.refresh();
  }

  return (
    <li className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1.2fr)] md:items-start">
      <div className="min-w-0">
        <p className="break-words font-medium text-ink">{entry.name}</p>
        <p className="text-sm text-slate-600">
          {entry.courseCount === 1 ? '1 course' : `${entry.courseCount} courses`}
        </p>
      </div>
      <form onSubmit={onRename} className="min-w-0 space-y-1" aria-busy={pending}>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
          Rename <span className="sr-only">{entry.name}</span>
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-name`}
            name="name"
            defaultValue={entry.name}
            required
            maxLength={list === 'institutions' ? INSTITUTION_NAME_MAX : SUBJECT_NAME_MAX}
            aria-invalid={renameError ? true : undefined}
            aria-describedby={renameError ? `${id}-name-error` : undefined}
            className={CONTROL}
          />
          <button type="submit" disabled={pending} className={BUTTON}>
            Rename
          </button>
        </div>
        <FieldError id={`${id}-name-error`} message={renameError} />
      </form>
      {merging ? (
        <form onSubmit={onMerge} className="min-w-0 space-y-1" aria-busy={pending}>
          <label htmlFor={`${id}-into`} className="block text-sm font-medium text-slate-800">
            Merge into <span className="sr-only">(moves the courses of {entry.name})</span>
          </label>
          <div className="flex gap-2">
            <select
              id={`${id}-into`}
              value={mergeInto}
              onChange={(event) => setMergeInto(event.target.value)}
              aria-invalid={mergeError ? true : undefined}
              aria-describedby={mergeError ? `${id}-into-error` : undefined}
              className={CONTROL}
            >
              <option value="">
                Choose {noun === 'institution' ? 'an institution' : 'a subject'}…
              </option>
              {others
                .filter((other) => other.id !== entry.id)
                .map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
            </select>
            <button type="submit" disabled={pending} className={BUTTON}>
              Merge
            </button>
          </div>
          <FieldError id={`${id}-into-error`} message={mergeError} />
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setMerging(true)}
          className={`${BUTTON} justify-self-start md:mt-6`}
        >
          Merge into another…<span className="sr-only"> ({entry.name})</span>
        </button>
      )}
    </li>
  );
}
