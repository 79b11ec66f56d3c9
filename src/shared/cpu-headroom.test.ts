import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCpuHeadroom, type CpuSources } from './cpu-headroom.js';

/** A two-core machine whose clock and busy times the test moves. */
function machine() {
  const state = { now: 0, machine: 0, own: 0 };
  const sources: CpuSources = { now: () => state.now, machineBusyMs: () => state.machine, processBusyMs: () => state.own, cores: () => 2 };
  /** `ms` pass with other processes busy `others` cores and this one `own` cores. */
  const pass = (ms: number, others: number, own: number) => {
    state.now += ms;
    state.machine += ms * (others + own);
    state.own += ms * own;
  };
  return { sources, pass };
}

test('the cores other processes leave, from the machine busy time less this process own', () => {
  const { sources, pass } = machine();
  const headroom = createCpuHeadroom(sources, 1000);
  assert.equal(headroom.freeCores(), 2, 'before a first interval the whole machine counts as free');
  pass(1000, 1, 0.5);
  assert.equal(headroom.freeCores(), 1, 'another process busy one core leaves one, whatever this process uses');
  pass(1000, 0, 1.8);
  assert.equal(headroom.freeCores(), 2, "this process's own threads are not another process");
  pass(1000, 2, 0);
  assert.equal(headroom.freeCores(), 0);
});

test('read at most once an interval: between readings the last value stands', () => {
  const { sources, pass } = machine();
  const headroom = createCpuHeadroom(sources, 1000);
  headroom.freeCores();
  pass(1000, 1.5, 0);
  assert.equal(headroom.freeCores(), 0.5);
  pass(400, 0, 0);
  assert.equal(headroom.freeCores(), 0.5, 'less than an interval later: not read again');
  pass(600, 0, 0);
  // The new reading covers the 1,000 ms since the last one, all of them idle.
  assert.equal(headroom.freeCores(), 2);
});

test('the system readings: a number of cores between none and the machine', () => {
  const headroom = createCpuHeadroom();
  const free = headroom.freeCores();
  assert.ok(free >= 0 && Number.isFinite(free));
});
