import type { BreadcrumbList, Product, UnitPriceSpecification, WithContext } from 'schema-dts';
import { choosePath, productDetailPath, type CategoryRef, type ProductDetail } from '../../../contract/catalog.ts';
import { imageUrl } from '../../../contract/content.ts';
import { yuanTextOfE4 } from '../../../contract/money.ts';

export interface StructuredDataSite {
  /** The public origin (http/public-origin.ts): schema.org URLs are absolute. */
  origin: string;
  siteName: string;
  imageBaseUrl: string;
}

/** A product picture's absolute address, or null without one. */
export function productImageUrl(detail: ProductDetail, site: StructuredDataSite): string | null {
  const path = detail.product.imagePath;
  return path ? new URL(imageUrl(site.imageBaseUrl, path), site.origin).href : null;
}

/**
 * The part as Google's merchant listings read it: a Product with one Offer priced at the first tier,
 * each tier a UnitPriceSpecification from its starting quantity (to its last one: one unit below the
 * next tier), availability by stock.
 */
export function productStructuredData(detail: ProductDetail, site: StructuredDataSite): WithContext<Product> {
  const { product } = detail;
  const url = site.origin + productDetailPath(product.productId);
  const tiers: UnitPriceSpecification[] = product.priceTiers.map((tier) => ({
    '@type': 'UnitPriceSpecification',
    // A schema.org price: the stored unit price in yuan, every stored decimal kept (0.0023, 0.125).
    price: yuanTextOfE4(tier.priceE4),
    priceCurrency: 'CNY',
    eligibleQuantity: {
      '@type': 'QuantitativeValue',
      minValue: tier.qtyStart,
      ...(tier.qtyEnd === null ? {} : { maxValue: tier.qtyEnd }),
      unitCode: 'C62',
    },
  }));
  const firstTier = product.priceTiers[0];
  const image = productImageUrl(detail, site);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${product.code} ${product.brandName}`,
    mpn: product.code,
    sku: String(product.productId),
    brand: { '@type': 'Brand', name: product.brandName },
    description: product.description,
    category: `${detail.categoryFirst.categoryName} > ${detail.categorySecond.categoryName}`,
    url,
    ...(image ? { image } : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'CNY',
      ...(firstTier ? { price: yuanTextOfE4(firstTier.priceE4) } : {}),
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      inventoryLevel: { '@type': 'QuantitativeValue', value: product.stock },
      seller: { '@type': 'Organization', name: site.siteName, url: `${site.origin}/` },
      priceSpecification: tiers,
    },
  };
}

/** 首页 › 元器件分类 › first › second (› the part): the trail the page's breadcrumb shows. */
export function categoryBreadcrumbs(
  origin: string,
  first: CategoryRef,
  second: CategoryRef | null,
  last?: { name: string; path: string },
): WithContext<BreadcrumbList> {
  const trail = [
    { name: '首页', path: '/' },
    { name: '元器件分类', path: '/catalogue' },
    { name: first.categoryName, path: choosePath(first.categoryId) },
    ...(second ? [{ name: second.categoryName, path: choosePath(first.categoryId, second.categoryId) }] : []),
    ...(last ? [last] : []),
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: origin + step.path })),
  };
}
