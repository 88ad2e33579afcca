import type { DemoCourse, DemoDocument } from './content/catalogue-types';
import { parsePageMarkup } from './parse-page-markup';
import type { PdfDocumentInput } from './render-pdf';

/**
 * What a demo document's PDF is rendered from: its own fields, its course's, and the name of the
 * institution the course is filed under (looked up by the caller, which checks it exists).
 */
export function demoPdfInput(
  course: DemoCourse,
  document: DemoDocument,
  institutionName: string,
): PdfDocumentInput {
  return {
    title: document.title,
    description: document.description,
    kind: document.kind,
    courseTitle: course.title,
    courseCode: course.code,
    institutionName,
    pages: document.pages.map(parsePageMarkup),
  };
}
