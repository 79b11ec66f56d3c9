/** A passage's stored clause tags (a JSON object: CUAD category → probability), or none when unreadable. */
export function parseClauseTags(json: string | null | undefined): Record<string, number> {
  const tags = JSON.parse(json || '{}') as unknown;
  return tags && typeof tags === 'object' && !Array.isArray(tags) ? (tags as Record<string, number>) : {};
}
