/**
 * A column's response structure: the kind of value each cell holds. Written as a string
 * ("text", "yes_no", "date", "duration", "money", "number", "jurisdiction", "list",
 * "enum:a|b|c") so it fits the ProjectColumn's `response_structure` field as the spec types it.
 */
export type ResponseStructure =
  | { kind: 'text' | 'yes_no' | 'date' | 'duration' | 'money' | 'number' | 'jurisdiction' | 'list' }
  | { kind: 'enum'; options: string[] };

const SIMPLE = ['text', 'yes_no', 'date', 'duration', 'money', 'number', 'jurisdiction', 'list'] as const;

/** The structures a client may name, for error messages and the OpenAPI description. */
export const STRUCTURE_NAMES = [...SIMPLE, 'enum:a|b|c'].join(', ');

/** Parses a response structure; null when it is not one of the known forms. A missing one means text. */
export function parseResponseStructure(value: string | null | undefined): ResponseStructure | null {
  if (value === null || value === undefined) return { kind: 'text' };
  const trimmed = value.trim();
  if ((SIMPLE as readonly string[]).includes(trimmed)) return { kind: trimmed as (typeof SIMPLE)[number] };
  const match = /^enum:(.+)$/s.exec(trimmed);
  if (!match) return null;
  const options = (match[1] ?? '').split('|').map((o) => o.trim());
  if (options.length < 2 || options.some((o) => o === '') || new Set(options.map((o) => o.toLowerCase())).size !== options.length) return null;
  return { kind: 'enum', options };
}
