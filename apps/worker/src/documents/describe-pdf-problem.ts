import type { PdfTextLimits } from './pdf-text-limits';

/** Why a PDF cannot be read; worded for its uploader by describePdfProblem. */
export type PdfProblem =
  | { code: 'encrypted' | 'corrupt' | 'streamTooLarge' | 'totalTooLarge' }
  | { code: 'tooManyPages'; pages: number }
  | { code: 'pageContentTooLarge'; page: number }
  | { code: 'deadline' | 'memory' }
  | { code: 'pageDeadline'; page: number };

/** The problems whose wording depends on nothing but the file. */
export const PDF_PROBLEMS = {
  encrypted:
    'This PDF is password-protected. Remove the password (for example by printing it to a new PDF) and upload it again.',
  corrupt:
    'This PDF is damaged and cannot be read. Export it again from the original and upload the new file.',
} as const;

const EXPORT_AGAIN =
  'If the file is genuine, export or print it to a new PDF (which usually simplifies it) and upload that.';

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

export function describePdfProblem(problem: PdfProblem, limits: PdfTextLimits): string {
  switch (problem.code) {
    case 'encrypted':
    case 'corrupt':
      return PDF_PROBLEMS[problem.code];
    case 'tooManyPages':
      return `This PDF has ${problem.pages.toLocaleString('en-US')} pages; Coursepack takes documents of up to ${limits.maxPages.toLocaleString('en-US')} pages. Split it into parts and upload each.`;
    case 'pageContentTooLarge':
      return `Page ${problem.page} of this PDF expands to more than ${megabytes(limits.maxPageContentBytes)} of drawing instructions once decompressed, more than Coursepack reads for one page. ${EXPORT_AGAIN}`;
    case 'streamTooLarge':
      return `This PDF holds a compressed part that expands to more than ${megabytes(limits.maxStreamBytes)}, more than Coursepack reads. ${EXPORT_AGAIN}`;
    case 'totalTooLarge':
      return `This PDF expands to more than ${megabytes(limits.maxTotalStreamBytes)} once decompressed, more than Coursepack reads for one document. ${EXPORT_AGAIN}`;
    case 'deadline':
      return `Reading the text of this PDF took longer than ${Math.round(limits.deadlineMs / 60_000)} minutes, so it was stopped. ${EXPORT_AGAIN}`;
    case 'pageDeadline':
      return `Reading page ${problem.page} of this PDF took longer than ${Math.round(limits.pageDeadlineMs / 1000)} seconds, so it was stopped. ${EXPORT_AGAIN}`;
    case 'memory':
      return `Reading the text of this PDF needed more memory than Coursepack allows, so it was stopped. ${EXPORT_AGAIN}`;
  }
}
