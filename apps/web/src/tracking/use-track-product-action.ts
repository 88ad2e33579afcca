'use client';

import { useTracking } from '@coursepack/tracker/react';
import { useCallback } from 'react';
import { PRODUCT_ACTIONS, type ProductAction } from './product-actions';
import { useBaseTrackingConfig } from './tracking-context';

export interface ProductActionContext {
  courseId?: number;
  docId?: number;
  /** The entity the action is about when it is neither the course nor the document (a result). */
  related?: { id: number; entity: 'course' | 'document' };
  meta?: Record<string, string | number | boolean>;
}

/**
 * Records one of the product's named actions. Never personal data: ids, counts and
 * short labels only. Resolves false (and never throws) when the collector is unreachable.
 */
export function useTrackProductAction(): (
  action: ProductAction,
  context?: ProductActionContext,
) => Promise<boolean> {
  const tracking = useTracking(useBaseTrackingConfig());
  return useCallback(
    (action, context = {}) =>
      tracking.trackAction({
        ...PRODUCT_ACTIONS[action],
        course_id: context.courseId,
        doc_id: context.docId,
        related_id: context.related?.id,
        related_entity: context.related?.entity,
        action_meta: context.meta,
      }),
    [tracking],
  );
}
