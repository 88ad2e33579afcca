import type { ActionCount } from '@coursepack/analytics/queries/list-actions';
import { PRODUCT_ACTIONS, type ProductAction } from '@/tracking/product-actions';

const LABELS: Record<ProductAction, string> = {
  pageTurned: 'Turned a page',
  downloaded: 'Downloaded the PDF',
  bookmarked: 'Bookmarked',
  unbookmarked: 'Removed a bookmark',
  followed: 'Followed the course',
  unfollowed: 'Unfollowed the course',
  linkShared: 'Copied the link',
  embedShared: 'Copied the embed code',
  searchSubmitted: 'Searched',
  searchResultOpened: 'Opened a search result',
  signedUp: 'Signed up',
  signedIn: 'Signed in',
};

/** An action in words for the actions table; one the product does not name shows its triple. */
export function describeAction(action: Pick<ActionCount, 'type' | 'name' | 'action'>): string {
  for (const [key, known] of Object.entries(PRODUCT_ACTIONS) as [
    ProductAction,
    (typeof PRODUCT_ACTIONS)[ProductAction],
  ][]) {
    if (
      known.type === action.type &&
      known.name === action.name &&
      known.action === action.action
    ) {
      return LABELS[key];
    }
  }
  return `${action.type} / ${action.name} / ${action.action}`;
}
