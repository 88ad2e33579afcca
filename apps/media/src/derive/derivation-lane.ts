/**
 * The lane cold work runs in: derivations (and the full decode an upload is checked with) run
 * at most `concurrency` at a time, the rest wait here, in turn asset by asset.
 *
 * Why a lane: sharp runs every pipeline on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), the pool file reads and writes use too. With 24 heavy
 * derivations started at once, every thread was held by sharp and each cached answer's file
 * read queued behind them: a cached thumbnail took 21.8 s. Kept below the pool's size, cold
 * work always leaves threads free, so cached answers and originals never wait behind it.
 *
 * Why in turn: one asset's flood of URLs (`a_1…a_360,w_2800`) queues behind its own work, not
 * in front of every other asset's: each asset has its own queue, and the lane takes one job
 * from each queue in turn.
 */
export class DerivationLane {
  private running = 0;
  /** Waiting jobs by group, in the order the groups take their turns. */
  private readonly queues = new Map<string, (() => void)[]>();
  private waiting = 0;

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Whether another job may wait (the queue is bounded: each waiting job holds its closure). */
  get hasRoom(): boolean {
    return this.waiting < this.maxWaiting;
  }

  /** Jobs running and waiting, for tests and logs. */
  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  /** Runs `work` once a slot is free and it is `group`'s turn. */
  run<T>(group: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        Promise.resolve()
          .then(work)
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.startNext();
          });
      };
      const queue = this.queues.get(group);
      if (queue) queue.push(start);
      else this.queues.set(group, [start]);
      this.waiting++;
      this.startNext();
    });
  }

  private startNext(): void {
    while (this.running < this.concurrency) {
      const next = this.queues.entries().next();
      if (next.done) return;
      const [group, queue] = next.value;
      const start = queue.shift() as () => void;
      // The group goes to the back of the line, whether it has more jobs or not.
      this.queues.delete(group);
      if (queue.length > 0) this.queues.set(group, queue);
      this.waiting--;
      start();
    }
  }
}
