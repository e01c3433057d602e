/**
 * Runs tasks on a few workers, taking turns between keys (teams): each free worker takes the
 * oldest task of the key with the fewest tasks running (the longest waiting among equals), so
 * one key's long queue never stands in front of another key's task — the other waits at most
 * for a task already running. Within a key, tasks run in the order they came.
 */
export class FairTurns<Worker> {
  private readonly waiting = new Map<string, Array<() => void>>();
  /** Keys with tasks waiting, in the order they take their turns. */
  private readonly rotation: string[] = [];
  private readonly idle: Worker[];
  private readonly running = new Map<string, number>();

  constructor(workers: Worker[]) {
    this.idle = [...workers];
  }

  /** Runs `task` on a worker once it is `key`'s turn and a worker is free; answers its result. */
  run<T>(key: string, task: (worker: Worker) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        const worker = this.idle.shift()!;
        this.running.set(key, (this.running.get(key) ?? 0) + 1);
        task(worker)
          .then(resolve, reject)
          .finally(() => {
            const left = this.running.get(key)! - 1;
            if (left === 0) this.running.delete(key);
            else this.running.set(key, left);
            this.idle.push(worker);
            this.next();
          });
      };
      const queue = this.waiting.get(key);
      if (queue) queue.push(start);
      else {
        this.waiting.set(key, [start]);
        this.rotation.push(key);
      }
      this.next();
    });
  }

  private next(): void {
    while (this.idle.length > 0 && this.rotation.length > 0) {
      let at = 0;
      for (let index = 1; index < this.rotation.length; index++) {
        if ((this.running.get(this.rotation[index]!) ?? 0) < (this.running.get(this.rotation[at]!) ?? 0)) at = index;
      }
      const key = this.rotation.splice(at, 1)[0]!;
      const queue = this.waiting.get(key)!;
      const start = queue.shift()!;
      // A key with more to do goes to the back of the rotation.
      if (queue.length > 0) this.rotation.push(key);
      else this.waiting.delete(key);
      start();
    }
  }
}
