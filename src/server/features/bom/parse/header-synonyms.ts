import type { BomColumnRole } from '../../../../contract/bom.ts';
import { normalizeHeaderText } from './cell-text.ts';

/**
 * Column headers of the tools' BOM exports and of hand-made sheets, after normalizeHeaderText.
 * Each names the roles it can take, best first, and a rank: when two columns claim one role, the lower rank
 * wins and the other falls back to its next role (Altium's "Comment" beside a "Value" column becomes the
 * description). The rule for Comment / Value / Part: they go to `value`, never to `mpn`, even when they hold
 * a part number (Altium and EasyEDA put "STM32F103C8T6" in Comment); matching reads a part-number-looking
 * value as a part number. Only a column named for the maker's part number (MPN, 型号, manf#…) is `mpn`.
 */
export interface HeaderSynonym {
  roles: readonly BomColumnRole[];
  rank: number;
}

type SynonymRow = readonly [roles: readonly BomColumnRole[], rank: number, headers: readonly string[]];

const synonymRows: readonly SynonymRow[] = [
  [['mpn'], 1, ['mpn', 'mfrpartno', 'mfrpn', 'mfrno', 'mfgpartno', 'mfgpn', 'manufacturerpartno', 'manufacturerpart', 'manufacturepartno']],
  [['mpn'], 1, ['manufacturepart', 'manfno', 'manfpartno', 'mfrpart', 'mfgpart', 'manufacturerpn', 'partnomanufacturer', 'mp']],
  [['mpn'], 1, ['型号', '规格型号', '器件型号', '元件型号', '物料型号', '产品型号', '厂家型号', '厂商型号', '制造商型号', '原厂型号', '原厂料号', '型号规格']],
  [['mpn'], 3, ['partno', 'pn', 'partnumber', '料号', '零件号', '器件编号']],
  [['storeCode'], 1, ['lcscpartno', 'lcscpart', 'lcsc', 'lcscno', 'jlcpcbpartno', 'jlcpcbpart', 'jlcpartno', 'jlcpart', 'supplierpartno', 'supplierpart']],
  [['storeCode'], 1, ['商品编号', '商品编码', '物料编码', '物料编号', '立创编号', '立创商品编号', '商城编号', '商品代码', '物料代码']],
  [['value'], 1, ['value', 'val', '值', '标称值', '参数', '元件值', '规格', '规格参数', '参数值', '数值']],
  [
    ['value', 'description'],
    2,
    ['comment', '名称', '物料名称', '元件名称', '器件名称', 'name', 'partname', 'component', '元件', '器件', 'designation', 'cmpname'],
  ],
  [['value', 'description'], 2, ['零件名称', '配件名称', '元器件名', '元器件名称', '组件']],
  [['designator', 'value', 'description'], 3, ['part']],
  [
    ['description'],
    1,
    ['description', 'desc', '描述', '说明', '物料描述', '元件描述', '器件描述', '规格描述', '详细描述', 'productdescription', '产品描述', '商品名称'],
  ],
  [['description'], 5, ['种类', '类型']],
  [['description'], 4, ['device', 'libref', 'libraryref', 'symbol', 'librarypart']],
  [
    ['package'],
    1,
    [
      'footprint',
      'package',
      'pcbfootprint',
      '封装',
      '封装形式',
      '封装规格',
      '封装尺寸',
      'case',
      'packagecase',
      'packaging封装',
      'footprintname',
      'pattern',
      'boitier',
    ],
  ],
  [['brand'], 1, ['manufacturer', 'manufacture', 'mfr', 'mfg', 'manf', 'maker', 'brand', 'vendor', 'manufacturername', 'mfrname', 'mf']],
  [['brand'], 1, ['品牌', '厂家', '厂商', '制造商', '生产厂家', '生产商', '品牌厂家', '品牌厂商', '原厂']],
  [
    ['quantity'],
    1,
    [
      'quantityperpcb',
      'qtyperpcb',
      'qtyperboard',
      'quantityperboard',
      'qtyboard',
      '单板用量',
      '单板数量',
      '每板数量',
      '单机用量',
      '单台用量',
      '单套用量',
      '每板用量',
    ],
  ],
  [
    ['quantity'],
    2,
    ['quantity', 'qty', 'qnty', 'quant', 'quan', 'quantite', 'count', '数量', '用量', '个数', 'qtypcs', '数量pcs', '用量pcs', '需求数量', '需求量'],
  ],
  [['quantity'], 4, ['orderqty', 'orderquantity', '采购数量', '订购数量', '购买数量', 'qtyparts']],
  [['quantity'], 5, ['buildquantity', 'totalqty', 'totalquantity', '总数量', '总用量']],
  [['designator'], 1, ['designator', 'designators', 'reference', 'references', 'ref', 'refs', 'refdes', 'referencedesignator', 'referencedesignators']],
  [['designator'], 1, ['位号', '元件位号', '器件位号', '标号', '位置号', '元件标号', '位号图', '丝印位号', '丝印']],
  [['designator'], 2, ['parts', 'components', 'partreferences']],
  [['note'], 1, ['note', 'notes', 'remark', 'remarks', '备注', '备注说明', '附注']],
  [['fitted'], 1, ['fitted', 'dnp', 'dnf', 'populate', 'populated', 'mount', 'mounted', 'nopop', 'dnpdnf', 'fitment', 'assembly', 'status']],
  [['fitted'], 1, ['notmounted', 'notfitted', 'nomount', 'notpopulated', 'donotplace', 'donotpopulate', 'donotmount', '不贴', '不贴片', '不焊接']],
  [['fitted'], 1, ['是否贴片', '贴片', '是否焊接', '焊接', '贴装', '是否贴装', '是否安装', '安装', '上件', '是否上件', '贴片与否']],
];

/** Headers that say "this is a header row" without a role of their own (序号, Datasheet, Unit Price…). */
const knownHeaders = [
  'no pos position item row index id line 序号 编号 项次 行号 datasheet 数据手册 url link 链接 price unitprice extprice extendedprice unitpriceusd',
  'orderpriceusd extusd subtotal 单价 金额 总价 小计 stock instock available availablequantity 库存 rohs lifecycle leadtime minmultorderqty',
  'minimumquantity digikeypartno digikeyno mouserno mouserpartno supplier suppliername 供应商 sourcing library sheetname backorder pins',
  'distributor distributorpn supplierandref customerreference footprintlib partlib customerno customerpartno 客户料号 unitpricecny',
  'unitpricermb category 类别 分类 物料类别 image 图片 weight vendorpartno',
]
  .join(' ')
  .split(' ')
  .map((header) => normalizeHeaderText(header));

const synonyms = new Map<string, HeaderSynonym>();
for (const [roles, rank, headers] of synonymRows) {
  for (const header of headers) synonyms.set(normalizeHeaderText(header), { roles, rank });
}
const known = new Set(knownHeaders);

/** Words that make a quantity-looking header something else (a price, the stock, the pack size). */
const notQuantity = /price|stock|库存|available|backorder|min|mult|单价|金额|价格|moq|pack|reel|包装|leadtime|在途/;

/** The roles a header can take, or null when it names none; `known` headers count for detection only. */
export function synonymOf(header: string): HeaderSynonym | 'known' | null {
  // "型号：ABC-1" or "数量: 10" is a title row's label and value, not a header.
  if (/[:：]\s*\S/.test(header)) return null;
  const key = normalizeHeaderText(header);
  if (key === '') return null;
  const exact = synonyms.get(key);
  if (exact) return exact;
  if (known.has(key)) return 'known';
  if (notQuantity.test(key)) return 'known';
  // A distributor's status and compliance columns (Part Status, RoHS Status, REACH Status, Mfg Std Lead Time).
  if (/status|rohs|reach|tariff|leadtime|lifecycle|compliance|packaging/.test(key)) return 'known';
  if (/qty|quantity|数量|用量/.test(key)) return { roles: ['quantity'], rank: 6 };
  if (/位号|designator|reference/.test(key)) return { roles: ['designator'], rank: 6 };
  if (/型号|mfrpart|manufacturerpart|mpn/.test(key)) return { roles: ['mpn'], rank: 6 };
  if (/封装|footprint|package/.test(key)) return { roles: ['package'], rank: 6 };
  if (/备注|remark|note/.test(key)) return { roles: ['note'], rank: 6 };
  if (/品牌|厂家|manufacturer/.test(key)) return { roles: ['brand'], rank: 6 };
  if (/描述|description/.test(key)) return { roles: ['description'], rank: 6 };
  if (/lcsc|jlc|c编号/.test(key)) return { roles: ['storeCode'], rank: 6 };
  return null;
}

/** Whether a fitted column says "do not place" when ticked (DNP, DNF, 不贴) rather than "fit" (Fitted, 贴片). */
export function isDnpHeader(header: string): boolean {
  return /^(dnp|dnf|nopop|dnpdnf|donotplace|donotpopulate|donotmount|notmounted|notfitted|nomount|notpopulated|不贴|不贴片|不焊接)$/.test(
    normalizeHeaderText(header),
  );
}
