import { formatBytes } from '@/format/format-numbers';
import { DOCUMENT_TITLE_MAX } from './document-limits';

/**
 * "lecture_03-intro.pdf" → "Lecture 03 intro": the title a file's name suggests, for the member
 * to edit before sending. Falls back to the name as it is when nothing else is left of it.
 */
export function titleFromFileName(name: string): string {
  const words = name
    .replace(/\.pdf$/i, '')
    .replace(/[_\s-]+/g, ' ')
    .trim();
  const title = words ? `${words.charAt(0).toLocaleUpperCase('en')}${words.slice(1)}` : name;
  return title.slice(0, DOCUMENT_TITLE_MAX);
}

/** What the upload form needs of a picked or dropped file. */
export interface CandidateFile {
  name: string;
  size: number;
  type: string;
}

/**
 * Why a file is not sent, in a member's words, or null when it may be: checked in the browser
 * before anything is uploaded, with the words the server would refuse it with.
 */
export function skipReason(file: CandidateFile, maxBytes: number): string | null {
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') {
    return 'Not a PDF: only PDF files can be uploaded. Export it as a PDF first.';
  }
  if (file.size === 0) {
    return 'This file is empty (0 bytes). Download or export the PDF again, then add the new copy.';
  }
  if (file.size > maxBytes) {
    return `This file is ${formatBytes(file.size)}; the limit is ${formatBytes(maxBytes)}.`;
  }
  return null;
}
