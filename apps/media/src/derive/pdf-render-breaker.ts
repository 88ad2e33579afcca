import { LruMap } from '../lru-map';

export interface PdfRenderBreakerLimits {
  /** Renders of one document past their deadline that pause the document. */
  timeouts: number;
  /** The first pause; each pause that follows a failed retry is twice as long. */
  coolDownMs: number;
  /** The longest pause. */
  maxCoolDownMs: number;
}

interface DocumentState {
  /** Deadlines missed, less one for each render that finished in time since. */
  strikes: number;
  /** Pauses in a row: the next one lasts coolDownMs × 2^pauses. */
  pauses: number;
  openUntil: number;
}

/** Documents tracked at once (each a key and three numbers); the least recent are forgotten. */
const MAX_DOCUMENTS = 10_000;

/**
 * A circuit breaker per PDF: deadlines missed count against the document that missed them,
 * never its pages or other documents. Once they reach the limit, the document's renders are
 * refused at once for a cool-down; after it one render is tried, and if that misses its
 * deadline too the next pause is twice as long. A render that finishes in time forgives one
 * miss, so a page slowed down by load once is soon forgotten. State lives in this process:
 * each replica protects its own render workers.
 */
export class PdfRenderBreaker {
  private readonly documents = new LruMap<string, DocumentState>(MAX_DOCUMENTS);

  constructor(
    private readonly limits: PdfRenderBreakerLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** How much longer the document's renders are refused, in ms (0: they may run). */
  pausedFor(document: string): number {
    const state = this.documents.peek(document);
    return state ? Math.max(0, state.openUntil - this.now()) : 0;
  }

  /** A render of the document missed its deadline. */
  recordTimeout(document: string): void {
    const now = this.now();
    const state = this.documents.get(document) ?? { strikes: 0, pauses: 0, openUntil: 0 };
    // Renders already running when the document was paused say nothing new about it.
    if (state.openUntil > now) return;
    state.strikes += 1;
    if (state.strikes >= this.limits.timeouts) {
      const coolDown = this.limits.coolDownMs * 2 ** state.pauses;
      state.openUntil = now + Math.min(this.limits.maxCoolDownMs, coolDown);
      state.pauses += 1;
      // Half-open afterwards: one more miss pauses it again.
      state.strikes = this.limits.timeouts - 1;
    }
    this.documents.set(document, state);
  }

  /** A render of the document finished in time. */
  recordSuccess(document: string): void {
    const state = this.documents.peek(document);
    if (!state) return;
    state.strikes -= 1;
    if (state.strikes <= 0) this.documents.delete(document);
  }
}
