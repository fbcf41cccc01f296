// The Tasks view's polling: only while active, never two fetches at once, results of an old filter dropped.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Poller, type PollResult, type Timers } from '../../../client/src/core/poller';

/** Timers that fire only when the test says so. */
class ManualTimers implements Timers {
  private next = 1;
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { callback, ms });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Fires every pending timer. */
  fire(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const timer of due) timer.callback();
  }
}

/** A fetch the test resolves by hand. */
class ManualFetch {
  readonly calls: ((value: number) => void)[] = [];
  fetch = (): Promise<number> =>
    new Promise((resolve) => {
      this.calls.push(resolve);
    });
  resolve(index: number, value: number): Promise<void> {
    this.calls[index]?.(value);
    // Let the poller's continuations run.
    return new Promise((resolve) => setImmediate(resolve));
  }
}

function setup(interval = 2000): {
  poller: Poller<number>;
  timers: ManualTimers;
  source: ManualFetch;
  results: PollResult<number>[];
} {
  const timers = new ManualTimers();
  const source = new ManualFetch();
  const results: PollResult<number>[] = [];
  const poller = new Poller<number>({
    fetch: source.fetch,
    onResult: (r) => results.push(r),
    intervalMs: () => interval,
    timers,
  });
  return { poller, timers, source, results };
}

void describe('polling', () => {
  void it('fetches only while active, the next fetch planned when the previous one ended', async () => {
    const { poller, timers, source, results } = setup();
    assert.equal(source.calls.length, 0, 'nothing while inactive');
    poller.setActive(true);
    assert.equal(source.calls.length, 1);
    assert.equal(timers.pending.size, 0, 'no timer while a fetch is in flight');
    await source.resolve(0, 1);
    assert.deepEqual(results, [{ ok: true, value: 1 }]);
    assert.deepEqual(
      [...timers.pending.values()].map((t) => t.ms),
      [2000],
    );
    timers.fire();
    assert.equal(source.calls.length, 2);
    poller.setActive(false);
    await source.resolve(1, 2);
    assert.equal(timers.pending.size, 0, 'inactive: no next fetch planned');
    assert.equal(results.length, 2);
  });

  void it('never runs two fetches at once: a refresh joins the one in flight', async () => {
    const { poller, source, results } = setup();
    poller.setActive(true);
    const joined = poller.refresh();
    const again = poller.refresh();
    assert.equal(source.calls.length, 1);
    await source.resolve(0, 7);
    assert.deepEqual(await joined, { ok: true, value: 7 });
    assert.deepEqual(await again, { ok: true, value: 7 });
    assert.equal(results.length, 1);
  });

  void it('drops an answer to an old question and asks again', async () => {
    const { poller, source, results } = setup();
    poller.setActive(true);
    poller.invalidate();
    const fresh = poller.refresh();
    await source.resolve(0, 1);
    assert.equal(source.calls.length, 2, 'a new fetch follows the stale one');
    assert.deepEqual(results, []);
    await source.resolve(1, 2);
    assert.deepEqual(await fresh, { ok: true, value: 2 });
    assert.deepEqual(results, [{ ok: true, value: 2 }]);
  });

  void it('reports failures as results and goes on polling', async () => {
    const timers = new ManualTimers();
    let calls = 0;
    const results: PollResult<number>[] = [];
    const poller = new Poller<number>({
      fetch: () => {
        calls++;
        return calls === 1 ? Promise.reject(new Error('refused')) : Promise.resolve(calls);
      },
      onResult: (r) => results.push(r),
      intervalMs: () => 1000,
      timers,
    });
    poller.setActive(true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(results[0]?.ok, false);
    timers.fire();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(results[1], { ok: true, value: 2 });
    poller.dispose();
    assert.equal(timers.pending.size, 0);
  });

  void it('with an interval of 0, fetches only when asked', async () => {
    const { poller, timers, source } = setup(0);
    poller.setActive(true);
    await source.resolve(0, 1);
    assert.equal(timers.pending.size, 0);
    void poller.refresh();
    assert.equal(source.calls.length, 2);
  });
});
