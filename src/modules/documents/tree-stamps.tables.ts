/** Per workspace, a number that changes whenever its document tree does (tree-stamps.migration.ts). */
export interface TreeStampsTables {
  tree_stamps: { workspace_id: number; stamp: number };
}
