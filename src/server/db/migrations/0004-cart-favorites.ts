import type { MigrationFactory } from './migration-helpers.ts';

export const cartFavoritesMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('cart_items')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('is_selected', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cart_items_pk', ['user_id', 'product_id'])
      .execute();
    await db.schema
      .createTable('favorites')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'product_id'])
      .execute();
  },
});
