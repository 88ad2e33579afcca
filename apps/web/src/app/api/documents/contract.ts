import { z } from 'zod';
import type { UploadedDocument } from '@/documents/upload-document';
import { defineContract } from '@/http/contract';

// POST /api/documents – upload a PDF to a course; the worker reads its text after the response
export const uploadDocumentContract = defineContract({
  method: 'POST',
  path: '/api/documents',
  sameOrigin: true,
  // Before the body is read: an anonymous upload costs us nothing.
  auth: 'viewer',
  unauthorized: 'Sign in to upload documents.',
  // Multipart: file, courseId, title, description, kind, language (limit UPLOAD_MAX_BYTES).
  body: { form: true },
  status: 201,
  response: z.object({ document: z.custom<UploadedDocument>() }),
});
