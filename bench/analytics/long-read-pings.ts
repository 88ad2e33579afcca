import { randomUUID } from 'node:crypto';
import type { ActivityCourse, DemoEvent } from '../../scripts/seed/generate-demo-activity';

const PING_MS = 5000;

export interface Reader {
  sessionId: string;
  courseId: number;
  docId: number;
}

/** `count` readers, spread over the catalogue's documents. */
export function pickReaders(courses: readonly ActivityCourse[], count: number): Reader[] {
  const documents = courses.flatMap((course) =>
    course.documents.map((document) => ({ courseId: course.id, docId: document.id })),
  );
  return Array.from({ length: count }, (_, index) => ({
    sessionId: randomUUID(),
    ...(documents[index % documents.length] as { courseId: number; docId: number }),
  }));
}

/**
 * What the tracker sends while a document is read: an `active` presence ping every 5 s with
 * the page in view, for each reader, from `from` up to (not including) `to`.
 */
export function* presencePings(
  readers: readonly Reader[],
  from: Date,
  to: Date,
): Generator<DemoEvent> {
  for (let at = from.getTime(); at < to.getTime(); at += PING_MS) {
    const when = new Date(at);
    const page = 1 + Math.floor((at - from.getTime()) / 60_000);
    for (const reader of readers) {
      yield {
        event_id: randomUUID(),
        received_at: when,
        date: when,
        type: 'status',
        name: 'viewer',
        action: 'active',
        environment: 'bench',
        app: 'web',
        course_id: reader.courseId,
        doc_id: reader.docId,
        action_meta: JSON.stringify({ page }),
        session_id: reader.sessionId,
        path: `/documents/${reader.docId}`,
        path_with_params: `/documents/${reader.docId}`,
        utm: false,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        referrer: null,
        location: `https://coursepack.dev/documents/${reader.docId}`,
        browser: 'Chrome',
        os: 'Windows',
        device: 'desktop',
        is_bot: false,
      };
    }
  }
}
