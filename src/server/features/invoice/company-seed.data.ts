/** Word lists of the demo company register (company.seed.ts): places, names, banks. */

export interface SeedPlace {
  province: string;
  city: string;
  /** '' for a city without districts (东莞, 中山). */
  district: string;
  /** The GB/T 2260 code of the district (or city), the 3rd-8th characters of a 统一社会信用代码. */
  divisionCode: string;
  areaCode: string;
  roads: readonly string[];
}

export const seedPlaces: readonly SeedPlace[] = [
  {
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    divisionCode: '440305',
    areaCode: '0755',
    roads: ['科技南十二路', '高新南四道', '深南大道', '学府路'],
  },
  { province: '广东省', city: '深圳市', district: '福田区', divisionCode: '440304', areaCode: '0755', roads: ['华强北路', '振华路', '深南中路', '红荔路'] },
  { province: '广东省', city: '深圳市', district: '宝安区', divisionCode: '440306', areaCode: '0755', roads: ['宝安大道', '福永大道', '沙井路', '航城大道'] },
  { province: '广东省', city: '深圳市', district: '龙岗区', divisionCode: '440307', areaCode: '0755', roads: ['龙岗大道', '坂雪岗大道', '布澜路'] },
  { province: '广东省', city: '广州市', district: '天河区', divisionCode: '440106', areaCode: '020', roads: ['天河北路', '科韵路', '中山大道西', '黄埔大道'] },
  { province: '广东省', city: '广州市', district: '黄埔区', divisionCode: '440112', areaCode: '020', roads: ['科学大道', '开创大道', '香雪大道'] },
  { province: '广东省', city: '东莞市', district: '', divisionCode: '441900', areaCode: '0769', roads: ['松山湖大道', '东城中路', '长安振安路'] },
  { province: '广东省', city: '佛山市', district: '顺德区', divisionCode: '440606', areaCode: '0757', roads: ['大良新城路', '容桂大道', '北滘工业大道'] },
  { province: '广东省', city: '珠海市', district: '香洲区', divisionCode: '440402', areaCode: '0756', roads: ['唐家湾港湾大道', '情侣中路', '九洲大道'] },
  { province: '广东省', city: '中山市', district: '', divisionCode: '442000', areaCode: '0760', roads: ['火炬开发区中心路', '东区起湾道', '小榄工业大道'] },
  { province: '广东省', city: '惠州市', district: '惠城区', divisionCode: '441302', areaCode: '0752', roads: ['仲恺大道', '江北文昌路', '惠南大道'] },
  { province: '上海市', city: '上海市', district: '浦东新区', divisionCode: '310115', areaCode: '021', roads: ['张江路', '祖冲之路', '碧波路', '科苑路'] },
  { province: '上海市', city: '上海市', district: '闵行区', divisionCode: '310112', areaCode: '021', roads: ['紫星路', '江川路', '虹梅南路'] },
  { province: '上海市', city: '上海市', district: '嘉定区', divisionCode: '310114', areaCode: '021', roads: ['安亭墨玉路', '叶城路', '城北路'] },
  { province: '北京市', city: '北京市', district: '海淀区', divisionCode: '110108', areaCode: '010', roads: ['中关村大街', '上地信息路', '知春路', '学院路'] },
  { province: '北京市', city: '北京市', district: '朝阳区', divisionCode: '110105', areaCode: '010', roads: ['酒仙桥路', '望京东路', '电子城北路'] },
  { province: '北京市', city: '北京市', district: '大兴区', divisionCode: '110115', areaCode: '010', roads: ['经海路', '科创十三街', '永昌南路'] },
  { province: '天津市', city: '天津市', district: '滨海新区', divisionCode: '120116', areaCode: '022', roads: ['泰达大街', '第五大街', '海泰发展六道'] },
  { province: '重庆市', city: '重庆市', district: '渝北区', divisionCode: '500112', areaCode: '023', roads: ['金开大道', '星光大道', '黄山大道'] },
  { province: '江苏省', city: '苏州市', district: '吴中区', divisionCode: '320506', areaCode: '0512', roads: ['星湖街', '独墅湖大道', '金鸡湖大道'] },
  { province: '江苏省', city: '南京市', district: '江宁区', divisionCode: '320115', areaCode: '025', roads: ['秣周东路', '天元东路', '将军大道'] },
  { province: '江苏省', city: '无锡市', district: '新吴区', divisionCode: '320214', areaCode: '0510', roads: ['长江路', '菱湖大道', '新华路'] },
  { province: '浙江省', city: '杭州市', district: '滨江区', divisionCode: '330108', areaCode: '0571', roads: ['江南大道', '滨安路', '六和路'] },
  { province: '浙江省', city: '宁波市', district: '鄞州区', divisionCode: '330212', areaCode: '0574', roads: ['首南西路', '天童南路', '日丽中路'] },
  { province: '湖北省', city: '武汉市', district: '洪山区', divisionCode: '420111', areaCode: '027', roads: ['光谷大道', '关山大道', '珞喻路'] },
  { province: '四川省', city: '成都市', district: '武侯区', divisionCode: '510107', areaCode: '028', roads: ['天府大道', '科华北路', '高朋大道'] },
  { province: '陕西省', city: '西安市', district: '雁塔区', divisionCode: '610113', areaCode: '029', roads: ['科技路', '锦业路', '丈八东路'] },
  { province: '福建省', city: '厦门市', district: '思明区', divisionCode: '350203', areaCode: '0592', roads: ['软件园二期望海路', '湖滨南路', '观音山路'] },
  { province: '安徽省', city: '合肥市', district: '蜀山区', divisionCode: '340104', areaCode: '0551', roads: ['望江西路', '科学大道', '长江西路'] },
  { province: '湖南省', city: '长沙市', district: '岳麓区', divisionCode: '430104', areaCode: '0731', roads: ['麓谷大道', '桐梓坡西路', '尖山路'] },
  { province: '山东省', city: '青岛市', district: '崂山区', divisionCode: '370212', areaCode: '0532', roads: ['株洲路', '海尔路', '松岭路'] },
];

/** Two characters of a trade name (字号), drawn one from each list. */
export const tradeNameFirsts = [
  '华',
  '瑞',
  '中',
  '芯',
  '恒',
  '鑫',
  '宏',
  '泰',
  '盛',
  '德',
  '立',
  '博',
  '嘉',
  '凯',
  '航',
  '天',
  '海',
  '新',
  '长',
  '东',
  '科',
  '晶',
  '宇',
  '明',
  '正',
  '安',
  '联',
  '金',
  '源',
  '信',
  '微',
  '睿',
] as const;
export const tradeNameSeconds = [
  '芯',
  '源',
  '达',
  '微',
  '创',
  '锐',
  '通',
  '讯',
  '电',
  '光',
  '科',
  '维',
  '拓',
  '捷',
  '晟',
  '腾',
  '远',
  '泽',
  '邦',
  '润',
  '辉',
  '力',
  '合',
  '诚',
  '威',
  '扬',
] as const;
/** Latin trade names some companies register (深圳市KX电子科技有限公司). */
export const latinTradeNames = ['KX', 'HTC', 'JLC', 'SZT', 'ZX', 'YX', 'HL', 'XD', 'BQ', 'RM', 'TK', 'MXC'] as const;

export const industries = [
  '微电子',
  '电子科技',
  '半导体',
  '电子元器件',
  '集成电路',
  '智能科技',
  '电子技术',
  '电气',
  '自动化设备',
  '精密电子',
  '光电科技',
  '通信技术',
  '新能源科技',
  '传感技术',
  '电源科技',
  '电子贸易',
] as const;

export const banks = [
  '中国工商银行',
  '中国建设银行',
  '中国银行',
  '中国农业银行',
  '招商银行',
  '交通银行',
  '中信银行',
  '浦发银行',
  '兴业银行',
  '平安银行',
] as const;

export const buildings = ['科技大厦', '创新大厦', '电子大厦', '产业园', '创业中心', '智造园', '科创园', '国际中心'] as const;
