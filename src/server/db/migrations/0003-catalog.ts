import { sql } from 'kysely';
import { withId, type MigrationFactory } from './migration-helpers.ts';

export const catalogMigration: MigrationFactory = (engine) => {
  const double = engine === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db) {
      await withId(db.schema.createTable('category_groups'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('categories'), engine)
        .addColumn('group_id', 'integer', (c) => c.references('category_groups.id'))
        .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sku_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('categories_parent_id').on('categories').column('parent_id').execute();
      await db.schema.createIndex('categories_group_id').on('categories').column('group_id').execute();

      await withId(db.schema.createTable('brands'), engine)
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('name_cn', 'text')
        .addColumn('initial', 'text', (c) => c.notNull())
        .addColumn('logo_path', 'text')
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_partner', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('attributes'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('unit', 'text')
        .addColumn('value_kind', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('category_attributes')
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('attribute_id', 'integer', (c) => c.notNull().references('attributes.id'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('category_attributes_pk', ['category_id', 'attribute_id'])
        .execute();

      await withId(db.schema.createTable('products'), engine)
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('code_norm', 'text', (c) => c.notNull())
        .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id'))
        .addColumn('category_first_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('category_second_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('package', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('lifecycle', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('is_rohs', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('datasheet_url', 'text')
        .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0).check(sqlNonNegative('stock')))
        .addColumn('pack_size', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('image_path', 'text')
        .addColumn('label', 'text')
        .addColumn('is_special_offer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('products_code_norm').on('products').column('code_norm').execute();
      await db.schema.createIndex('products_category_second').on('products').columns(['category_second_id', 'stock']).execute();
      await db.schema.createIndex('products_category_first').on('products').column('category_first_id').execute();
      await db.schema.createIndex('products_brand_id').on('products').column('brand_id').execute();

      await db.schema
        .createTable('product_prices')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('qty_start', 'integer', (c) => c.notNull())
        .addColumn('qty_end', 'integer')
        .addColumn('price_e4', 'bigint', (c) => c.notNull())
        .addColumn('original_price_e4', 'bigint')
        .addPrimaryKeyConstraint('product_prices_pk', ['product_id', 'qty_start'])
        .execute();

      await db.schema
        .createTable('product_params')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('attribute_id', 'integer', (c) => c.notNull().references('attributes.id'))
        .addColumn('value_text', 'text', (c) => c.notNull())
        .addColumn('value_num', double)
        .addPrimaryKeyConstraint('product_params_pk', ['product_id', 'attribute_id'])
        .execute();
      await db.schema.createIndex('product_params_attribute_value').on('product_params').columns(['attribute_id', 'value_text']).execute();
    },
  };
};

function sqlNonNegative(column: string) {
  return sql.raw(`${column} >= 0`);
}
