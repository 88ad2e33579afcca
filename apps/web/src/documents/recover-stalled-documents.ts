import type { Database } from '@coursepack/db/schema';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { AppError } from '@/lib/app-error';
import type { WebConfig } from '@/lib/web-config';
import { fetchOriginalPdf } from './fetch-original-pdf';
import {
  markFailed,
  type ProcessingOutcome,
  processUploadedDocument,
} from './process-uploaded-document';

export interface RecoveryOptions {
  /** A `processing` attempt older than this belongs to a process that died (or hung). */
  staleAfterMs: number;
  /** Attempts (the upload's own included) before the document is marked failed. */
  maxAttempts: number;
  /** The stored original, by media public id. */
  fetchOriginal: (publicId: string) => Promise<Uint8Array>;
  /** Only this document: the one its uploader is watching. */
  documentId?: number;
  /** Documents per sweep. */
  limit?: number;
}

export const STALLED_AFTER_MS = 5 * 60 * 1000;
export const MAX_PROCESSING_ATTEMPTS = 3;

/** The production settings: originals come back from where the app delivers media. */
export function recoveryOptions(
  config: Pick<WebConfig, 'mediaBaseUrl' | 'mediaCloudName'>,
): RecoveryOptions {
  const delivery = { baseUrl: config.mediaBaseUrl, cloudName: config.mediaCloudName };
  return {
    staleAfterMs: STALLED_AFTER_MS,
    maxAttempts: MAX_PROCESSING_ATTEMPTS,
    fetchOriginal: (publicId) => fetchOriginalPdf(delivery, publicId),
  };
}

const GAVE_UP =
  'Processing this PDF did not finish after several attempts. Delete it and upload the file again; if it happens again, the file may be too complex for us.';

/**
 * Finishes uploads whose processing was cut short (the process crashed or was restarted while
 * extracting): each stalled document is claimed by one process (the claim re-checks staleness
 * under the row lock, so concurrent sweeps on several replicas never both take it), its original
 * is fetched back from the media service and processed again, until the attempts run out.
 */
export async function recoverStalledDocuments(
  db: Kysely<Database>,
  options: RecoveryOptions,
): Promise<{ id: number; outcome: ProcessingOutcome }[]> {
  const staleBefore = sql<Date>`now() - make_interval(secs => ${options.staleAfterMs / 1000})`;
  // Checked again by the claim, under the row lock.
  const stalled = (eb: ExpressionBuilder<Database, 'documents'>) =>
    eb.and([
      eb('status', '=', 'processing'),
      eb.or([
        eb('processing_started_at', 'is', null),
        eb('processing_started_at', '<', staleBefore),
      ]),
    ]);
  let query = db
    .selectFrom('documents')
    .select(['id', 'processing_attempts'])
    .where(stalled)
    .orderBy('processing_started_at')
    .limit(options.limit ?? 20);
  if (options.documentId !== undefined) query = query.where('id', '=', options.documentId);
  const candidates = await query.execute();

  const results: { id: number; outcome: ProcessingOutcome }[] = [];
  for (const { id, processing_attempts } of candidates) {
    if (processing_attempts >= options.maxAttempts) {
      results.push({ id, outcome: await markFailed(db, id, GAVE_UP) });
      continue;
    }
    const claimed = await db
      .updateTable('documents')
      .set({
        processing_started_at: sql`now()`,
        processing_attempts: sql`processing_attempts + 1`,
      })
      .where('id', '=', id)
      .where(stalled)
      .returning('media_asset_id')
      .executeTakeFirst();
    if (!claimed) continue;
    if (!claimed.media_asset_id) {
      results.push({
        id,
        outcome: await markFailed(db, id, 'The uploaded file is missing; upload it again.'),
      });
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = await options.fetchOriginal(claimed.media_asset_id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') {
        results.push({ id, outcome: await markFailed(db, id, error.message) });
      } else {
        // The attempt is spent; the next sweep tries again once it is stale.
        console.warn(`Could not fetch the original of document ${id}: ${String(error)}`);
        results.push({ id, outcome: 'interrupted' });
      }
      continue;
    }
    results.push({ id, outcome: await processUploadedDocument(db, id, bytes) });
  }
  return results;
}
