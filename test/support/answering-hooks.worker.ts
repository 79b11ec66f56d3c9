import { parentPort } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import type { TaskMessage } from '../../src/shared/thread-pool.js';
import type { AnswerTask } from '../../src/answering/answer-work.js';

/*
 * The real answering thread, with two test hooks added once its own handler listens (so no message
 * arrives before both do). The thread's handler only starts a task synchronously, its work runs in
 * later turns, so a hook still acts in the middle of the task: a workspace question holding `CRASH-THREAD` ends the thread in
 * the middle of its task; one holding `HOLD:<path>` keeps the thread busy until that file exists.
 */
const block = new Int32Array(new SharedArrayBuffer(4));
await import('../../src/answering/answering.worker.js');
parentPort!.on('message', (message: TaskMessage<AnswerTask>) => {
  if (message.task.op !== 'query') return;
  const { question } = message.task;
  if (question.includes('CRASH-THREAD')) process.exit(1);
  const hold = /HOLD:(\S+)/.exec(question)?.[1];
  if (hold) while (!existsSync(hold)) Atomics.wait(block, 0, 0, 10);
});
