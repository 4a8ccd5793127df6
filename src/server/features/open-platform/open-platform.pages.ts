import { openPlatformPaths } from '../../../contract/open-api.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { ApiIndexPage } from '../../../web/pages/api-index-page.tsx';
import { ApiKeysPage } from '../../../web/pages/api-keys-page.tsx';
import { buildOpenApiDocument } from './open-api.document.ts';
import { apiIndexDataOf } from './open-api.page-model.ts';
import { exampleValuesOf, listApiKeys } from './open-platform.service.ts';

export function openPlatformPages(deps: ServiceDeps): Page[] {
  return [
    definePage({
      path: openPlatformPaths.apiKeys,
      entry: 'api-keys',
      component: ApiKeysPage,
      isMemberOnly: true,
      async load({ userId }) {
        return { title: `API密钥 - ${deps.config.siteName}`, data: await listApiKeys(deps, userId ?? 0) };
      },
    }),
    definePage({
      path: openPlatformPaths.docs,
      entry: 'api-index',
      component: ApiIndexPage,
      async load({ request }) {
        const origin = publicOriginOf(deps.config, request);
        const data = apiIndexDataOf(buildOpenApiDocument(origin), origin, await exampleValuesOf(deps), deps.config.openApiRatePerMinute);
        return {
          title: `开放平台 API 文档 - ${deps.config.siteName}`,
          description: '芯品商城开放平台：以 JSON 接口搜索商品、查询价格与库存、批量查型号和匹配 BOM，附 curl、Python、JavaScript 示例。',
          data,
        };
      },
    }),
  ];
}
