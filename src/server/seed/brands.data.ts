/** Real manufacturers of the demo catalogue; ids follow this order. */
export interface BrandDefinition {
  nameEn: string;
  nameCn: string | null;
  country: string;
  /** Where datasheets live on the maker's site; the part code is appended. */
  datasheetBase: string | null;
  isPartner: boolean;
  intro: string;
}

export const brandDefinitions = {
  ti: { nameEn: 'TI', nameCn: '德州仪器', country: '美国', datasheetBase: 'https://www.ti.com/lit/ds/symlink/', isPartner: true, intro: '德州仪器（Texas Instruments）是全球领先的模拟与嵌入式处理芯片厂商，产品覆盖电源管理、放大器、接口、逻辑与微控制器。' },
  st: { nameEn: 'ST', nameCn: '意法半导体', country: '瑞士', datasheetBase: 'https://www.st.com/resource/en/datasheet/', isPartner: true, intro: '意法半导体（STMicroelectronics）是欧洲最大的半导体厂商之一，STM32 系列微控制器在工业与消费电子中广泛使用。' },
  nxp: { nameEn: 'NXP', nameCn: '恩智浦', country: '荷兰', datasheetBase: 'https://www.nxp.com/docs/en/data-sheet/', isPartner: true, intro: '恩智浦半导体专注汽车电子、工业物联网与安全连接，提供 LPC、Kinetis、i.MX RT 等处理器平台。' },
  microchip: { nameEn: 'Microchip', nameCn: '微芯', country: '美国', datasheetBase: 'https://ww1.microchip.com/downloads/en/DeviceDoc/', isPartner: true, intro: 'Microchip（微芯科技）提供 PIC、AVR 与 SAM 系列单片机，以及模拟、接口和存储器产品。' },
  adi: { nameEn: 'ADI', nameCn: '亚德诺', country: '美国', datasheetBase: 'https://www.analog.com/media/en/technical-documentation/data-sheets/', isPartner: true, intro: 'ADI（亚德诺半导体）是高性能模拟、混合信号与数字信号处理芯片的领导者，并购凌力尔特后电源产品线更加完整。' },
  infineon: { nameEn: 'Infineon', nameCn: '英飞凌', country: '德国', datasheetBase: 'https://www.infineon.com/dgdl/', isPartner: true, intro: '英飞凌科技专注功率半导体、汽车电子与安全芯片，MOSFET 与 IGBT 产品市场占有率领先。' },
  onsemi: { nameEn: 'onsemi', nameCn: '安森美', country: '美国', datasheetBase: 'https://www.onsemi.com/download/data-sheet/pdf/', isPartner: true, intro: '安森美提供电源管理、分立器件与图像传感器，是汽车与工业应用的重要供应商。' },
  murata: { nameEn: 'Murata', nameCn: '村田', country: '日本', datasheetBase: 'https://search.murata.co.jp/Ceramy/image/img/A01X/G101/ENG/', isPartner: true, intro: '村田制作所是全球最大的多层陶瓷电容（MLCC）厂商，同时生产电感、滤波器与无线模块。' },
  yageo: { nameEn: 'Yageo', nameCn: '国巨', country: '中国台湾', datasheetBase: 'https://www.yageo.com/upload/media/product/productsearch/datasheet/rchip/', isPartner: true, intro: '国巨是全球领先的被动元件厂商，片式电阻产量位居世界前列，并提供 MLCC 与电感产品。' },
  samsung: { nameEn: 'Samsung Electro-Mechanics', nameCn: '三星电机', country: '韩国', datasheetBase: 'https://product.samsungsem.com/mlcc/', isPartner: true, intro: '三星电机是全球第二大 MLCC 厂商，产品广泛用于手机、汽车与服务器。' },
  wch: { nameEn: 'WCH', nameCn: '沁恒', country: '中国', datasheetBase: 'https://www.wch.cn/downloads/file/', isPartner: true, intro: '南京沁恒微电子专注 USB、以太网与蓝牙接口芯片，CH340 系列与 CH32 RISC-V 单片机被广泛采用。' },
  gigadevice: { nameEn: 'GigaDevice', nameCn: '兆易创新', country: '中国', datasheetBase: 'https://www.gigadevice.com.cn/Public/Uploads/uploadfile/files/', isPartner: true, intro: '兆易创新是国内领先的 NOR Flash 与 32 位通用 MCU 厂商，GD32 系列覆盖 Arm 与 RISC-V 内核。' },
  vishay: { nameEn: 'Vishay', nameCn: '威世', country: '美国', datasheetBase: 'https://www.vishay.com/docs/', isPartner: false, intro: 'Vishay 提供分立半导体与无源元件，薄膜电阻、二极管与 MOSFET 产品线齐全。' },
  rohm: { nameEn: 'ROHM', nameCn: '罗姆', country: '日本', datasheetBase: 'https://fscdn.rohm.com/en/products/databook/datasheet/', isPartner: false, intro: '罗姆半导体以电阻、分立器件与电源 IC 见长，碳化硅功率器件处于领先地位。' },
  nexperia: { nameEn: 'Nexperia', nameCn: '安世', country: '荷兰', datasheetBase: 'https://assets.nexperia.com/documents/data-sheet/', isPartner: true, intro: '安世半导体专注分立器件、逻辑与 MOSFET，年出货量超过千亿颗。' },
  tdk: { nameEn: 'TDK', nameCn: 'TDK', country: '日本', datasheetBase: 'https://product.tdk.com/system/files/dam/doc/product/', isPartner: false, intro: 'TDK 提供 MLCC、电感、磁性元件与传感器，是被动元件领域的知名品牌。' },
  kemet: { nameEn: 'KEMET', nameCn: '基美', country: '美国', datasheetBase: 'https://content.kemet.com/datasheets/', isPartner: false, intro: '基美（KEMET）是钽电容与陶瓷电容的知名厂商，现为国巨集团成员。' },
  panasonic: { nameEn: 'Panasonic', nameCn: '松下', country: '日本', datasheetBase: 'https://industrial.panasonic.com/cdbs/www-data/pdf/', isPartner: false, intro: '松下电器产业提供电阻、电容、继电器与连接器等工业元器件。' },
  toshiba: { nameEn: 'Toshiba', nameCn: '东芝', country: '日本', datasheetBase: 'https://toshiba.semicon-storage.com/info/', isPartner: false, intro: '东芝电子元件提供光耦、MOSFET、电机驱动与存储器产品。' },
  renesas: { nameEn: 'Renesas', nameCn: '瑞萨', country: '日本', datasheetBase: 'https://www.renesas.com/us/en/document/dst/', isPartner: false, intro: '瑞萨电子是汽车 MCU 的领先供应商，RA 与 RL78 系列覆盖通用嵌入式应用。' },
  espressif: { nameEn: 'Espressif', nameCn: '乐鑫', country: '中国', datasheetBase: 'https://www.espressif.com/sites/default/files/documentation/', isPartner: true, intro: '乐鑫科技专注 Wi-Fi 与蓝牙物联网芯片，ESP32 与 ESP8266 系列深受开发者喜爱。' },
  uniroyal: { nameEn: 'UNI-ROYAL', nameCn: '厚声', country: '中国', datasheetBase: 'https://www.uniohm.com/upload/file/', isPartner: true, intro: '厚声（UNI-ROYAL）是国内知名的片式电阻厂商，产品以高性价比著称。' },
  fenghua: { nameEn: 'FH', nameCn: '风华', country: '中国', datasheetBase: 'https://www.china-fenghua.com/uploadfile/', isPartner: true, intro: '风华高科是国内规模最大的被动元件厂商之一，生产片式电阻、MLCC 与电感。' },
  molex: { nameEn: 'Molex', nameCn: '莫仕', country: '美国', datasheetBase: 'https://www.molex.com/pdm_docs/sd/', isPartner: false, intro: 'Molex 是全球领先的连接器厂商，产品覆盖线对板、板对板、FFC/FPC 与 I/O 连接器。' },
  te: { nameEn: 'TE Connectivity', nameCn: '泰科', country: '瑞士', datasheetBase: 'https://www.te.com/commerce/DocumentDelivery/DDEController?Action=srchrtrv&DocNm=', isPartner: false, intro: 'TE Connectivity（泰科电子）提供连接器、传感器与继电器，汽车与工业连接方案丰富。' },
  jst: { nameEn: 'JST', nameCn: '日压', country: '日本', datasheetBase: 'https://www.jst-mfg.com/product/pdf/eng/', isPartner: false, intro: 'JST（日本压着端子）的 PH、XH、SH 系列线对板连接器是行业通用标准。' },
  littelfuse: { nameEn: 'Littelfuse', nameCn: '力特', country: '美国', datasheetBase: 'https://www.littelfuse.com/assetdocs/', isPartner: false, intro: 'Littelfuse 是电路保护领域的领导者，提供保险丝、TVS 与自恢复保险丝。' },
  diodes: { nameEn: 'Diodes', nameCn: '美台', country: '美国', datasheetBase: 'https://www.diodes.com/assets/Datasheets/', isPartner: false, intro: 'Diodes Incorporated 提供分立器件、模拟与逻辑芯片，1N4148W 等通用器件广受欢迎。' },
  richtek: { nameEn: 'Richtek', nameCn: '立锜', country: '中国台湾', datasheetBase: 'https://www.richtek.com/assets/product_file/', isPartner: false, intro: '立锜科技专注电源管理芯片，DC-DC 与 LDO 产品广泛用于消费电子。' },
  sgmicro: { nameEn: 'SGMICRO', nameCn: '圣邦微', country: '中国', datasheetBase: 'https://www.sg-micro.com/uploads/soft/', isPartner: true, intro: '圣邦微电子是国内领先的模拟芯片厂商，运放、LDO 与 DC-DC 产品线完整。' },
  threepeak: { nameEn: '3PEAK', nameCn: '思瑞浦', country: '中国', datasheetBase: 'https://www.3peak.com/uploads/', isPartner: false, intro: '思瑞浦专注高性能模拟与混合信号芯片，运放与接口产品通过车规认证。' },
  ams: { nameEn: 'AMS', nameCn: null, country: '美国', datasheetBase: 'http://www.advanced-monolithic.com/pdf/', isPartner: false, intro: 'Advanced Monolithic Systems 的 AMS1117 系列 LDO 是最常见的低压差线性稳压器之一。' },
  umw: { nameEn: 'UMW', nameCn: '友台半导体', country: '中国', datasheetBase: null, isPartner: false, intro: '友台半导体（UMW）提供通用 LDO、三极管、MOSFET 等国产替代器件。' },
  aosemi: { nameEn: 'AOS', nameCn: '万代', country: '美国', datasheetBase: 'https://www.aosmd.com/res/data_sheets/', isPartner: false, intro: 'Alpha and Omega Semiconductor（万代半导体）以 AO3400 等小信号 MOSFET 闻名。' },
  winbond: { nameEn: 'Winbond', nameCn: '华邦', country: '中国台湾', datasheetBase: 'https://www.winbond.com/resource-files/', isPartner: false, intro: '华邦电子是 SPI NOR Flash 的主要供应商，W25Q 系列被大量设计采用。' },
  everlight: { nameEn: 'Everlight', nameCn: '亿光', country: '中国台湾', datasheetBase: 'https://everlightamericas.com/index.php?controller=attachment&id_attachment=', isPartner: false, intro: '亿光电子提供 LED、光耦与红外器件，产品广泛用于指示与隔离。' },
  tst: { nameEn: 'TST', nameCn: '泰晶', country: '中国', datasheetBase: null, isPartner: false, intro: '泰晶科技是国内领先的石英晶体谐振器与振荡器厂商。' },
  yxc: { nameEn: 'YXC', nameCn: '扬兴', country: '中国', datasheetBase: null, isPartner: false, intro: '扬兴科技专注晶振与振荡器，提供无源晶振、有源晶振与温补晶振。' },
  xkb: { nameEn: 'XKB', nameCn: '中国星坤', country: '中国', datasheetBase: null, isPartner: false, intro: '星坤连接器提供排针排母、USB、Type-C 与线对板连接器。' },
  hctl: { nameEn: 'HCTL', nameCn: '华灿天禄', country: '中国', datasheetBase: null, isPartner: false, intro: '华灿天禄提供 USB、Type-C、FPC 与卡座类连接器。' },
  kefa: { nameEn: 'KF', nameCn: '科发', country: '中国', datasheetBase: null, isPartner: false, intro: '科发电子生产接线端子、插拔式端子与栅栏式端子。' },
  sunlord: { nameEn: 'Sunlord', nameCn: '顺络', country: '中国', datasheetBase: null, isPartner: false, intro: '顺络电子是国内领先的片式电感与磁珠厂商。' },
  chinocera: { nameEn: 'CCTC', nameCn: '三环', country: '中国', datasheetBase: null, isPartner: false, intro: '潮州三环集团生产 MLCC、陶瓷基片与光纤陶瓷插芯。' },
  bourns: { nameEn: 'Bourns', nameCn: '伯恩斯', country: '美国', datasheetBase: 'https://www.bourns.com/docs/Product-Datasheets/', isPartner: false, intro: 'Bourns 生产微调电位器、电路保护器件与磁性元件，3296 系列多圈电位器是经典型号。' },
  stc: { nameEn: 'STC', nameCn: '宏晶科技', country: '中国', datasheetBase: 'https://www.stcmicro.com/datasheet/', isPartner: false, intro: '宏晶科技（STC）是国内知名的 8051 内核单片机厂商，STC89 与 STC8 系列广泛用于教学与工控。' },
  aithinker: { nameEn: 'Ai-Thinker', nameCn: '安信可', country: '中国', datasheetBase: 'https://docs.ai-thinker.com/_media/', isPartner: false, intro: '安信可科技提供基于乐鑫、博流等芯片的 Wi-Fi 与蓝牙模组，ESP-12F、ESP-01S 深受创客欢迎。' },
  ebyte: { nameEn: 'EBYTE', nameCn: '亿佰特', country: '中国', datasheetBase: 'https://www.ebyte.com/Uploadfiles/Files/', isPartner: false, intro: '亿佰特物联网专注无线数传模块，覆盖蓝牙、LoRa、Wi-Fi 与 Zigbee。' },
  ftdi: { nameEn: 'FTDI', nameCn: null, country: '英国', datasheetBase: 'https://ftdichip.com/wp-content/uploads/', isPartner: false, intro: 'FTDI 的 USB 桥接芯片（FT232R、FT2232H）是 USB 转串口的经典方案。' },
  silabs: { nameEn: 'Silicon Labs', nameCn: '芯科科技', country: '美国', datasheetBase: 'https://www.silabs.com/documents/public/data-sheets/', isPartner: false, intro: 'Silicon Labs 提供物联网无线 SoC 与 CP210x 系列 USB 桥接芯片。' },
  toppower: { nameEn: 'TOPPOWER', nameCn: '南京拓微', country: '中国', datasheetBase: null, isPartner: false, intro: '南京拓微集成电路的 TP4056 单节锂电池充电芯片是最常用的充电方案之一。' },
} as const satisfies Record<string, BrandDefinition>;

export type BrandKey = keyof typeof brandDefinitions;

export const brandKeys = Object.keys(brandDefinitions) as BrandKey[];

export const brandIdOf = Object.fromEntries(brandKeys.map((key, index) => [key, index + 1])) as Record<BrandKey, number>;

/** The datasheet location for a part, or null when the maker publishes none online. */
export function datasheetFor(brand: BrandKey, code: string): string | null {
  const base = brandDefinitions[brand].datasheetBase;
  return base === null ? null : `${base}${code.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`;
}

/** A–Z index letter of an English name (digits and symbols under '#'). */
export function brandInitial(nameEn: string): string {
  const letter = nameEn.charAt(0).toUpperCase();
  return letter >= 'A' && letter <= 'Z' ? letter : '#';
}
