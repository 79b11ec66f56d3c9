import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAdmissionGate } from './admission-gate.js';

/** A gate on a hand-driven clock and scheduler: `turn()` runs what the gate scheduled, as the event loop would. */
function harness(concurrency: number, maxWaitMs = 1000, turnBudgetMs = 10) {
  let clock = 0;
  let scheduled: Array<() => void> = [];
  const gate = createAdmissionGate({ concurrency, maxWaitMs, turnBudgetMs, now: () => clock, schedule: (run) => scheduled.push(run) });
  const turn = async () => {
    const runs = scheduled;
    scheduled = [];
    for (const run of runs) run();
    await new Promise((r) => setImmediate(r));
  };
  return { gate, turn, advance: (ms: number) => (clock += ms), pending: () => scheduled.length };
}

const settled = async <T>(promise: Promise<T>) => Promise.race([promise, new Promise<'pending'>((r) => setImmediate(() => r('pending')))]);

test('admits up to its concurrency at once and queues the rest', async () => {
  const { gate } = harness(2);
  const a = gate.enter();
  const b = gate.enter();
  const c = gate.enter();
  assert.equal(await settled(a.admitted), true);
  assert.equal(await settled(b.admitted), true);
  assert.equal(await settled(c.admitted), 'pending');
  assert.deepEqual(gate.stats(), { running: 2, queued: 1, lanes: 1 });
});

test('a freed slot goes to the oldest waiter in a later turn, never in the leaving request\'s own turn', async () => {
  const { gate, turn } = harness(1);
  const first = gate.enter();
  const second = gate.enter();
  const third = gate.enter();
  first.leave();
  assert.equal(await settled(second.admitted), 'pending', 'admission waits for the scheduled turn');
  await turn();
  assert.equal(await settled(second.admitted), true);
  assert.equal(await settled(third.admitted), 'pending', 'FIFO, and still one at a time');
  second.leave();
  await turn();
  assert.equal(await settled(third.admitted), true);
});

test('a request that waited past the limit is refused and its slot goes to the next one', async () => {
  const { gate, turn, advance } = harness(1, 100);
  const running = gate.enter();
  const stale = gate.enter();
  advance(150);
  const fresh = gate.enter();
  running.leave();
  await turn();
  assert.equal(await stale.admitted, false);
  assert.equal(await fresh.admitted, true);
  assert.deepEqual(gate.stats(), { running: 1, queued: 0, lanes: 0 });
});

test('a waiter whose client left is settled and never takes a slot', async () => {
  const { gate, turn } = harness(1);
  const running = gate.enter();
  const gone = gate.enter();
  const next = gate.enter();
  gone.leave();
  assert.equal(await gone.admitted, false);
  running.leave();
  await turn();
  assert.equal(await next.admitted, true);
  assert.deepEqual(gate.stats(), { running: 1, queued: 0, lanes: 0 });
});

test('leaving twice gives back one slot', async () => {
  const { gate, turn } = harness(1);
  const a = gate.enter();
  a.leave();
  a.leave();
  await turn();
  const b = gate.enter();
  const c = gate.enter();
  assert.equal(await settled(b.admitted), true);
  assert.equal(await settled(c.admitted), 'pending');
});

test('requests that finish within their own turn start only while the turn has budget left', async () => {
  // A cached read answers in the microtasks of its own callback: it has left before the next
  // socket is read, so only a budget per turn keeps one turn from running every waiting read.
  const { gate, turn, advance } = harness(100, 1000, 10);
  const states: Array<boolean | 'pending'> = [];
  const tickets = [];
  for (let i = 0; i < 5; i++) {
    const ticket = gate.enter();
    tickets.push(ticket);
    const state = await settled(ticket.admitted);
    states.push(state);
    if (state === true) {
      advance(4); // each read costs 4 ms of the turn
      ticket.leave();
    }
  }
  assert.deepEqual(states, [true, true, true, 'pending', 'pending'], 'reads start at 0, 4 and 8 ms; at 12 ms the 10 ms budget is spent');
  await turn();
  assert.deepEqual(await Promise.all(tickets.slice(3).map((t) => settled(t.admitted))), [true, true], 'the next turn starts the waiting ones, oldest first');
});

test('freed slots go round the lanes: one lane\'s queue does not stand in front of another lane\'s waiter', async () => {
  const { gate, turn } = harness(1);
  const running = gate.enter('org-a');
  const flood = Array.from({ length: 5 }, () => gate.enter('org-a'));
  const other = gate.enter('org-b');
  assert.deepEqual(gate.stats(), { running: 1, queued: 6, lanes: 2 });
  running.leave();
  await turn();
  assert.equal(await settled(flood[0]!.admitted), true, 'the lane that queued first is served first');
  assert.equal(await settled(other.admitted), 'pending');
  flood[0]!.leave();
  await turn();
  assert.equal(await settled(other.admitted), true, 'the other lane goes next, ahead of the four still waiting');
  assert.equal(await settled(flood[1]!.admitted), 'pending');
  other.leave();
  for (let i = 1; i < flood.length; i++) {
    await turn();
    assert.equal(await settled(flood[i]!.admitted), true, 'then the first lane again, in its own order');
    flood[i]!.leave();
  }
  assert.deepEqual(gate.stats(), { running: 0, queued: 0, lanes: 0 }, 'emptied lanes are dropped');
});

test('a refused waiter and one whose client left do not cost their lane or the others a turn', async () => {
  const { gate, turn, advance } = harness(1, 100);
  const running = gate.enter('org-a');
  const stale = gate.enter('org-a');
  advance(150);
  const gone = gate.enter('org-b');
  const fresh = gate.enter('org-a');
  const waiting = gate.enter('org-b');
  gone.leave();
  running.leave();
  await turn();
  assert.equal(await stale.admitted, false, 'waited past the limit: refused');
  assert.equal(await gone.admitted, false);
  assert.equal(await settled(fresh.admitted), 'pending', 'org-b\'s turn: its next waiter, not org-a\'s');
  assert.equal(await settled(waiting.admitted), true);
  assert.deepEqual(gate.stats(), { running: 1, queued: 1, lanes: 1 });
});

test('a lane whose waiters all left is dropped at once, not kept until the next drain', async () => {
  const { gate } = harness(1);
  const running = gate.enter('org-a');
  const gone = [gate.enter('org-b'), gate.enter('org-b')];
  assert.deepEqual(gate.stats(), { running: 1, queued: 2, lanes: 1 });
  for (const ticket of gone) ticket.leave();
  assert.deepEqual(gate.stats(), { running: 1, queued: 0, lanes: 0 });
  running.leave();
});
