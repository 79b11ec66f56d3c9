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
