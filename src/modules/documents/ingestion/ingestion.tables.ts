/** Tables of document ingestion (upload, queue, passages). Filled in by the ingestion work. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IngestionTables {}
