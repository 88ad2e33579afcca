import { z } from 'zod';
import { noSuchIdMessage, readRef } from '@/catalog/refs';
import type { IssueAnswer } from './contract';

/**
 * The `[id]` segment of a product route (`/api/documents/[id]`…): an id by `readRef`'s rule
 * (`12` or `12-slug`), else a 404 naming what was asked for, before anything else is read.
 */
export function idSegment(noun: 'course' | 'document') {
  return z.string().transform((text, context) => {
    const ref = readRef(text);
    if (typeof ref !== 'string') return ref.id;
    const answer: IssueAnswer = { code: 'not_found' };
    context.addIssue({ code: 'custom', message: noSuchIdMessage(noun, text), params: answer });
    return z.NEVER;
  });
}
