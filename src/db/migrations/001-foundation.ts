import type { Kysely } from 'kysely';
import { withSerialId, type Dialect, type Migration } from './column-types.js';

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('orgs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_org_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('users_org_email_unique', ['org_id', 'email'])
    .execute();

  await withSerialId(db.schema.createTable('workspaces'), dialect)
    .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('workspace_type', 'text', (c) => c.notNull().defaultTo('standard'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('summary', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_external', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('index_frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_until', 'text')
    .addColumn('deal', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workspaces_org').on('workspaces').column('org_id').execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema.createIndex('workspace_members_user').on('workspace_members').column('user_id').execute();

  await withSerialId(db.schema.createTable('projects'), dialect)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('summary', 'text')
    .addColumn('project_type', 'text', (c) => c.notNull().defaultTo('table'))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_workspace').on('projects').column('workspace_id').execute();

  for (const table of ['project_rows', 'project_columns'] as const) {
    let builder = withSerialId(db.schema.createTable(table), dialect)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id'))
      .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'));
    builder =
      table === 'project_rows'
        ? builder.addColumn('uploaded_file_ids', 'text', (c) => c.notNull())
        : builder
            .addColumn('column_title', 'text')
            .addColumn('query', 'text')
            .addColumn('response_structure', 'text');
    await builder
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_project`).on(table).columns(['workspace_id', 'project_id']).execute();
  }

  await withSerialId(db.schema.createTable('directories'), dialect)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_directory_id', 'integer', (c) => c.references('directories.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('directories_workspace').on('directories').column('workspace_id').execute();

  await withSerialId(db.schema.createTable('files'), dialect)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('parent_directory_id', 'integer', (c) => c.references('directories.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('page_count', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Deduplication is per workspace: the same bytes twice in one workspace are one file.
    .addUniqueConstraint('files_workspace_sha256_unique', ['workspace_id', 'sha256'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'integer', (c) => c.references('workspaces.id'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('display_prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('rate_limit', 'integer')
    .execute();
  await db.schema.createIndex('api_keys_org').on('api_keys').column('org_id').execute();
}

export const foundation: Migration = { name: '001-foundation', up };
