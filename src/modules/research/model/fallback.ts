/** Why the built-in statute answer or verdict was kept instead of the model's. */
export type ModelFallbackReason =
  | 'no-candidates'
  | 'http-error'
  | 'timeout'
  | 'network-error'
  | 'bad-response'
  | 'bad-json'
  | 'guard-rejected';
