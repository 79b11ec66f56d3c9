import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLagTracker, shedDecision } from './shed-policy.js';

const limits = { maxInflight: 100, maxLagMs: 40, minInflightForLag: 5 };

test('probes are never shed; past the in-flight bound everything else is', () => {
  assert.equal(shedDecision('health', { inflight: 10_000, lagMs: 10_000 }, limits), null);
  assert.equal(shedDecision('read', { inflight: 100, lagMs: 0 }, limits), 1);
  assert.equal(shedDecision('work', { inflight: 100, lagMs: 0 }, limits), 1);
});

test('a lagging event loop sheds work but keeps answering reads', () => {
  assert.equal(shedDecision('work', { inflight: 5, lagMs: 39 }, limits), null);
  assert.equal(shedDecision('work', { inflight: 5, lagMs: 41 }, limits), 1);
  assert.equal(shedDecision('work', { inflight: 5, lagMs: 2500 }, limits), 3, 'Retry-After grows with the lag');
  assert.equal(shedDecision('read', { inflight: 5, lagMs: 2500 }, limits), null);
});

test('with few requests in flight, late timers are the machine, not a backlog: nothing is shed', () => {
  assert.equal(shedDecision('work', { inflight: 4, lagMs: 2500 }, limits), null);
});

test('the lag tracker reports the worst recent lateness of its timer, then forgets it', () => {
  let clock = 0;
  const tracker = createLagTracker(() => clock, 10, 500);
  clock = 10;
  tracker.tick();
  assert.equal(tracker.lagMs(), 0);
  clock = 20 + 150; // the loop was blocked: the tick ran 150 ms late
  tracker.tick();
  assert.equal(tracker.lagMs(), 150);
  for (let i = 0; i < 20; i++) {
    clock += 10;
    tracker.tick();
  }
  assert.equal(tracker.lagMs(), 150, 'still within the window');
  for (let i = 0; i < 40; i++) {
    clock += 10;
    tracker.tick();
  }
  assert.equal(tracker.lagMs(), 0, 'the window has passed');
});

test('a stall still in progress counts before its tick runs', () => {
  let clock = 0;
  const tracker = createLagTracker(() => clock, 10, 500);
  clock = 10;
  tracker.tick();
  clock = 300; // no tick since: the timer is 280 ms overdue right now
  assert.equal(tracker.lagMs(), 280);
});
