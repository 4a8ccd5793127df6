import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Indexes for parametric selection, brand pages and zones (issue 4).
 * - (category, updated_at): the choose index asks "has this category changed?" per request
 *   with a max() that reads one index entry.
 * - (category, id): the choose index reads a category in id order, a chunk at a time.
 * - (brand | special offer, category, package, stock): brand pages and the special-offer zone
 *   count by category and package and order by stock from the index alone.
 * - product_params (attribute, value, product) replaces (attribute, value): the same lookups,
 *   answered from the index alone.
 */
export const catalogIndexesMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.dropIndex('products_category_first').execute();
    await db.schema.createIndex('products_category_first_updated').on('products').columns(['category_first_id', 'updated_at']).execute();
    await db.schema.createIndex('products_category_second_updated').on('products').columns(['category_second_id', 'updated_at']).execute();
    await db.schema.createIndex('products_category_first_id').on('products').columns(['category_first_id', 'id']).execute();
    await db.schema.createIndex('products_category_second_id').on('products').columns(['category_second_id', 'id']).execute();
    await db.schema.dropIndex('products_brand_id').execute();
    await db.schema.createIndex('products_brand_facets').on('products').columns(['brand_id', 'category_second_id', 'package', 'stock']).execute();
    await db.schema
      .createIndex('products_special_offer_facets')
      .on('products')
      .columns(['is_special_offer', 'category_second_id', 'package', 'stock'])
      .execute();
    await db.schema.dropIndex('product_params_attribute_value').execute();
    await db.schema.createIndex('product_params_attribute_value_product').on('product_params').columns(['attribute_id', 'value_text', 'product_id']).execute();
  },
});
