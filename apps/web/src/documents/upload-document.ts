import { createHash, randomUUID } from 'node:crypto';
import type { Database, DocumentStatus } from '@coursepack/db/schema';
import {
  destroyAsset,
  type MediaApiCredentials,
  MediaApiError,
  uploadAsset,
} from '@coursepack/images/upload-asset';
import { enqueue } from '@coursepack/jobs/enqueue';
import { hasPdfHeader } from '@coursepack/pdf-guard/pdf-header';
import type { Kysely } from 'kysely';
import {
  canEditCourse,
  canUploadToCourse,
  canViewCourse,
  canViewDocument,
} from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { documentPath, slugify } from '@/catalog/refs';
import { AppError } from '@/errors/app-error';
import { isUniqueViolation } from '@/errors/is-unique-violation';
import { parseOrThrow } from '@/errors/parse-or-throw';
import { formatBytes } from '@/format/format-numbers';
import { enforceUploadLimit } from '@/limits/enforce-member-limits';
import type { RateLimits } from '@/limits/rate-limit-settings';
import { courseIdSchema, documentInputSchema } from './document-input';
import { findDocumentWithCourse } from './find-document-with-course';

export interface UploadDependencies {
  db: Kysely<Database>;
  media: MediaApiCredentials;
  maxBytes: number;
  limits: RateLimits;
}

/** The form's fields, untrusted and unparsed. */
export interface UploadInput {
  file: { bytes: Uint8Array; name: string } | null;
  courseId: unknown;
  title: unknown;
  description: unknown;
  kind: unknown;
  /** Optional: English when absent. */
  language?: unknown;
}

export interface UploadedDocument {
  id: number;
  slug: string;
  href: string;
  status: DocumentStatus;
}

/**
 * The request half of an upload: checks who uploads what where, refuses a duplicate, stores the
 * file in the media service and creates the document, `processing`, together with its
 * processing job (apps/worker reads it, OCR included, and makes it `ready` or `failed` with the
 * reason): one transaction, so there is never a document without its job, nor a job without its
 * document. The web app never parses the PDF itself.
 *
 * The file is stored before the row exists, so no document ever points at a missing file; if the
 * row cannot be written the file is destroyed again (a failed destroy leaves an unused file,
 * never a broken document).
 */
export async function uploadDocument(
  { db, media, maxBytes, limits }: UploadDependencies,
  viewer: Viewer | null,
  input: UploadInput,
): Promise<UploadedDocument> {
  if (!viewer) throw new AppError('unauthorized', 'Sign in to upload documents.');
  const fields = parseOrThrow(documentInputSchema, input);
  const courseId = parseOrThrow(courseIdSchema, input.courseId);
  const course = await db
    .selectFrom('courses')
    .select(['id', 'owner_id', 'published'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  // A draft is invisible to those who may not edit it: to them it does not exist.
  if (!course || !canViewCourse(viewer, course)) {
    throw new AppError('not_found', `There is no published course with id ${courseId}.`);
  }
  if (!canUploadToCourse(viewer, course)) {
    throw new AppError('forbidden', 'You may not upload documents to this course.');
  }
  await enforceUploadLimit(db, limits, {
    memberId: viewer.id,
    intoEditableCourse: canEditCourse(viewer, course),
  });
  const { bytes, name } = checkFile(input.file, maxBytes);
  const checksum = createHash('sha256').update(bytes).digest('hex');
  await refuseDuplicate(db, viewer, checksum);

  const publicId = await storeFile(media, bytes, name);
  let inserted: { id: number; slug: string; status: DocumentStatus };
  try {
    inserted = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('documents')
        .values({
          course_id: course.id,
          slug: slugify(fields.title),
          title: fields.title,
          description: fields.description,
          kind: fields.kind,
          language: fields.language,
          media_asset_id: publicId,
          size_bytes: bytes.byteLength,
          checksum,
          status: 'processing',
          owner_id: viewer.id,
          published: true,
        })
        .returning(['id', 'slug', 'status'])
        .executeTakeFirstOrThrow();
      await enqueue(trx, 'process-document', { documentId: row.id });
      return row;
    });
  } catch (error) {
    await destroyAsset(media, publicId).catch((destroyError: unknown) => {
      console.warn(`Could not delete the unused upload ${publicId}: ${String(destroyError)}`);
    });
    // Two uploads of one file at once: the first insert wins, the second learns where it is.
    if (isUniqueViolation(error, 'documents_checksum_idx'))
      await refuseDuplicate(db, viewer, checksum);
    throw error;
  }
  return { ...inserted, href: documentPath(inserted) };
}

function checkFile(
  file: UploadInput['file'],
  maxBytes: number,
): { bytes: Uint8Array; name: string } {
  if (!file) throw new AppError('bad_request', 'Choose a PDF file to upload.');
  const { bytes, name } = file;
  if (bytes.byteLength === 0) {
    throw new AppError(
      'bad_request',
      `“${name}” is empty (0 bytes). Download or export the PDF again, then upload the new copy.`,
    );
  }
  if (bytes.byteLength > maxBytes) {
    throw new AppError(
      'payload_too_large',
      `The file is ${formatBytes(bytes.byteLength)}; the limit is ${formatBytes(maxBytes)}.`,
    );
  }
  if (!hasPdfHeader(bytes)) {
    throw new AppError(
      'unsupported_media_type',
      `“${name}” is not a PDF. Only PDF files can be uploaded; export the document as PDF first.`,
    );
  }
  return file;
}

/** The existing copy is named and linked only when the member may see it. */
async function refuseDuplicate(
  db: Kysely<Database>,
  viewer: Viewer,
  checksum: string,
): Promise<void> {
  const existing = await db
    .selectFrom('documents')
    .select('id')
    .where('checksum', '=', checksum)
    .executeTakeFirst();
  if (!existing) return;
  const document = await findDocumentWithCourse(db, existing.id);
  if (document && canViewDocument(viewer, document, document.course)) {
    throw new AppError('conflict', `This file is already on Coursepack as “${document.title}”.`, {
      existingDocument: { id: document.id, title: document.title, href: documentPath(document) },
    });
  }
  throw new AppError('conflict', 'This file is already on Coursepack.');
}

async function storeFile(
  media: MediaApiCredentials,
  bytes: Uint8Array,
  name: string,
): Promise<string> {
  // A fresh id per upload: a retried or concurrent upload never overwrites another's file.
  const publicId = `documents/${randomUUID()}`;
  try {
    const asset = await uploadAsset(media, {
      file: bytes,
      filename: 'document.pdf',
      publicId,
      resourceType: 'auto',
    });
    return asset.public_id;
  } catch (error) {
    if (error instanceof MediaApiError && (error.status === 400 || error.status === 413)) {
      throw refusedFile(error, name);
    }
    console.error(error);
    throw new AppError('internal', 'The file could not be stored just now; try again in a moment.');
  }
}

/**
 * What is wrong with a file the media service refused, in a member's words. Its upload API
 * speaks Cloudinary's, whose errors carry a message and nothing else, so the kind of refusal is
 * read from the message; the tests upload each kind through a real media service.
 */
function refusedFile(error: MediaApiError, name: string): AppError {
  if (error.status === 413) {
    return new AppError(
      'payload_too_large',
      `“${name}” is larger than Coursepack can store. Upload a smaller PDF, for example one with images at a lower resolution.`,
    );
  }
  if (/password/i.test(error.message)) {
    return new AppError(
      'unprocessable',
      `“${name}” is protected by a password. Save a copy without the password, then upload that.`,
    );
  }
  // pdf.js could not parse it: what a download cut short or a broken export looks like.
  if (/^The PDF could not be read/.test(error.message)) {
    return new AppError(
      'unprocessable',
      `“${name}” is damaged or incomplete, so it cannot be read. Download or export the PDF again, then upload the new copy.`,
    );
  }
  // The limits that keep hostile files out (pages, streams): the reason says which was passed.
  return new AppError(
    'unprocessable',
    `“${name}” cannot be uploaded: ${error.message.replace(/\.?$/, '.')}`,
  );
}
