// Strict reading of the JSON object a model was told to reply with. Pure: no I/O.

// The whole reply wrapped in one Markdown code fence, as chat models often do despite being asked
// for JSON only. Prose before or after the fence is not tolerated: a model that chats around its
// JSON has not followed the format, and guessing which braces were meant is how garbage gets in.
const FENCED = /^```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

/** The JSON object that the reply is (optionally inside one ```json fence), or null. */
export function parseModelObject(content: string): Record<string, unknown> | null {
  const trimmed = content.trim();
  const fenced = FENCED.exec(trimmed);
  const json = fenced ? (fenced[1] ?? '') : trimmed;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return value as Record<string, unknown>;
}

/** One `{code, quote}` pair the model cited; both strings, as written. */
export interface ModelCitation {
  code: string;
  quote: string;
}

/**
 * The `citations` array of a reply, or null when it is missing or not an array. Entries that are
 * not objects with string `code` and `quote` are skipped: one malformed entry does not spoil the
 * others, and the guard decides whether enough is left.
 */
export function readModelCitations(reply: Record<string, unknown>): ModelCitation[] | null {
  const raw = reply['citations'];
  if (!Array.isArray(raw)) return null;
  const out: ModelCitation[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) continue;
    const code: unknown = (entry as { code?: unknown }).code;
    const quote: unknown = (entry as { quote?: unknown }).quote;
    if (typeof code === 'string' && typeof quote === 'string') out.push({ code, quote });
  }
  return out;
}

/** The trimmed string at `key`, or null when absent, not a string, or blank. */
export function readText(reply: Record<string, unknown>, key: string): string | null {
  const value = reply[key];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
