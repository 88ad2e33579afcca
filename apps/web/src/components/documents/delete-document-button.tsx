'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { deleteDocumentContract } from '@/app/api/documents/[id]/contract';
import { callRoute } from '@/http/client';

/** Deletes a document after the member confirms, then goes to its course. */
export function DeleteDocumentButton({ documentId, title }: { documentId: number; title: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    if (!window.confirm(`Delete “${title}”? Its file and pages are removed for good.`)) return;
    setPending(true);
    setError(null);
    const result = await callRoute<typeof deleteDocumentContract>(
      { method: 'DELETE', path: '/api/documents/[id]' },
      { params: { id: documentId } },
    );
    if (!result.ok) {
      setPending(false);
      setError(result.message);
      return;
    }
    router.push(result.data.courseHref);
    router.refresh();
  }

  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        onClick={onClick}
        disabled={pending}
        aria-busy={pending}
        className="rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:border-red-600 hover:bg-red-50 disabled:opacity-60"
      >
        {pending ? 'Deleting…' : 'Delete'}
      </button>
      <span role="alert" className={error ? 'text-sm text-red-700' : 'sr-only'}>
        {error}
      </span>
    </span>
  );
}
