/**
 * Per workspace, a number that changes whenever its document tree does (tree-stamps.migration.ts),
 * and how many of those changes were not additions (tree-rewrites.migration.ts).
 */
export interface TreeStampsTables {
  tree_stamps: { workspace_id: number; stamp: number; rewrites: number };
}
