/** How a command prints: exactly one JSON object with --json, readable lines otherwise. */
export function printResult(result: object, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  for (const [key, value] of Object.entries(result)) {
    const text = value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
    process.stdout.write(`${key}: ${text}\n`);
  }
}

/** A byte count as an operator reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
