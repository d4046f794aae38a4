/**
 * When each request of the page runs. The runtime belongs to one thread and is synchronous, as
 * an Apps Script execution is; yet Apps Script runs a sidebar's call or a menu click while a long
 * execution is in flight, and only the add-on's own LockService calls keep them apart. So a
 * request that comes while nothing runs is handled at once, and one that comes during an
 * execution is handled at that execution's next UrlFetchApp call (`yieldPoint`, which the
 * playground's fetch route calls): nested, with the runtime's locks still held by the execution it
 * interrupted, exactly as the runtime's `interleave` runs a concurrent execution. Work that moves
 * simulated time on by itself (firing due triggers) waits until nothing runs, or it would spend
 * the interrupted execution's time.
 */
export interface Task {
  /** 'wait': only when no execution runs. */
  nested: 'allowed' | 'wait';
  run(): void;
}

export interface Scheduler {
  /** From the event loop: runs the task now, after what already waits. */
  submit(task: Task): void;
  /** From inside an execution: takes what arrived and runs what may run nested. */
  yieldPoint(): void;
  /** True while a task runs nested inside an execution. */
  readonly nested: boolean;
  /** Resolves once nothing runs or waits. */
  idle(): Promise<void>;
}

/** Nested tasks may be executions that yield in turn; deeper than this, requests wait. */
export const MAX_NESTING = 3;

export function createScheduler(take: () => Task[]): Scheduler {
  const queue: Task[] = [];
  let running = 0;
  let nesting = 0;
  let idleWaiters: Array<() => void> = [];

  const runTask = (task: Task) => {
    running++;
    try {
      task.run();
    } finally {
      running--;
    }
  };

  const drain = () => {
    if (running > 0 || nesting > 0) return;
    for (let task = queue.shift(); task; task = queue.shift()) runTask(task);
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  return {
    submit(task) {
      queue.push(task);
      drain();
    },
    yieldPoint() {
      queue.push(...take());
      if (nesting >= MAX_NESTING) return;
      nesting++;
      try {
        for (let i = 0; i < queue.length; ) {
          const task = queue[i] as Task;
          if (task.nested === 'wait') {
            i++;
            continue;
          }
          queue.splice(i, 1);
          runTask(task);
        }
      } finally {
        nesting--;
      }
      // An execution started outside any task (a test calling the runtime) leaves no drain
      // loop running after it: what still waits runs once the event loop is free again.
      if (queue.length > 0) setImmediate(drain);
    },
    get nested() {
      return nesting > 0;
    },
    idle() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
