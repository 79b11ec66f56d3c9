/** The generic data-room questions bench:scale times and bench:common-terms compares (none names a contract). */
export const SCALE_QUESTIONS: readonly string[] = [
  'Which law governs the agreement?',
  'What is the term of the agreement?',
  'Can either party terminate the agreement for convenience?',
  'Is there a limitation of liability?',
  'Who owns the intellectual property developed under the agreement?',
  'Is there a non-compete obligation?',
  'What are the payment terms?',
  'Can the agreement be assigned without consent?',
  'Is there an exclusivity clause?',
  'What notice is required to renew the agreement?',
  'Which party must maintain insurance?',
  'Are there audit rights?',
];
