'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { documentStatusContract } from '@/app/api/documents/[id]/status/contract';
import { callRoute } from '@/http/client';

const POLL_INTERVAL_MS = 1500;

/**
 * Polls an upload's status while it is processing and re-renders the page once it is not: the
 * server then shows the reader (ready) or the reason (failed). Renders nothing itself.
 */
export function DocumentProcessingStatus({ documentId }: { documentId: number }) {
  const router = useRouter();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      // A dropped connection or an error: keep polling; the page says it is still processing.
      const answer = await callRoute<typeof documentStatusContract>(
        { method: 'GET', path: '/api/documents/[id]/status' },
        {
          params: { id: documentId },
          cache: 'no-store',
        },
      );
      if (answer.ok && answer.data.status !== 'processing') {
        router.refresh();
        return;
      }
      if (!stopped) timer = setTimeout(poll, POLL_INTERVAL_MS);
    };
    timer = setTimeout(poll, POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [documentId, router]);
  return null;
}
