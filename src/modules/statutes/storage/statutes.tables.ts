/** Tables of the statute corpus. Filled in by the statute corpus work. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StatuteTables {}
