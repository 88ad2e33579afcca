/**
 * The named actions the product records (docs/tracking.md, "Product actions"). The dashboard's
 * actions table groups by these `type / name / action` triples, so they are a contract: add
 * new ones here, never rename one that has shipped.
 */
export const PRODUCT_ACTIONS = {
  pageTurned: { type: 'document', name: 'viewer', action: 'page_turn' },
  downloaded: { type: 'document', name: 'viewer', action: 'download' },
  bookmarked: { type: 'document', name: 'bookmark', action: 'add' },
  unbookmarked: { type: 'document', name: 'bookmark', action: 'remove' },
  followed: { type: 'course', name: 'follow', action: 'add' },
  unfollowed: { type: 'course', name: 'follow', action: 'remove' },
  linkShared: { type: 'document', name: 'share', action: 'copy_link' },
  embedShared: { type: 'document', name: 'share', action: 'copy_embed' },
  searchSubmitted: { type: 'search', name: 'search', action: 'submit' },
  searchResultOpened: { type: 'search', name: 'result', action: 'open' },
  signedUp: { type: 'account', name: 'sign_up', action: 'complete' },
  signedIn: { type: 'account', name: 'sign_in', action: 'complete' },
} as const;

export type ProductAction = keyof typeof PRODUCT_ACTIONS;
