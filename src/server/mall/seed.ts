import { ZProductInput } from '../../shared/api/mall';
import { createContentService } from '../content/service';
import type { FileStorage } from '../content/storage';
import type { Seed } from '../db/seed/seed';
import { saveProduct } from './catalogue';

/** A text in the four languages. */
const t = (en: string, cn: string, tw: string, fr: string) => ({ en, 'zh-CN': cn, 'zh-TW': tw, fr });

/** The demo shop: printed samples of the demo library's models, and a filament. */
const PRODUCTS = [
  {
    name: t('Printed sample: the twisted vase', '打印样品：扭纹花瓶', '列印樣品：扭紋花瓶', 'Échantillon imprimé : le vase torsadé'),
    description: t(
      'The library’s twisted vase, printed in silk PLA with 0.2 mm layers.\nWatertight with a vase-mode print; about 18 cm tall.',
      '模型库中的扭纹花瓶，使用丝绸 PLA、0.2 毫米层高打印。\n花瓶模式打印，不漏水；高约 18 厘米。',
      '模型庫中的扭紋花瓶，使用絲綢 PLA、0.2 毫米層高列印。\n花瓶模式列印，不漏水；高約 18 公分。',
      'Le vase torsadé de la bibliothèque, imprimé en PLA soyeux, couches de 0,2 mm.\nÉtanche grâce au mode vase ; environ 18 cm de haut.',
    ),
    priceFen: 3900,
    stock: 25,
    model: 1,
  },
  {
    name: t('Printed sample: desk organiser', '打印样品：桌面收纳盒', '列印樣品：桌面收納盒', 'Échantillon imprimé : organiseur de bureau'),
    description: t(
      'A ready-printed desk organiser in matte PETG.\nSturdy walls, no supports needed.',
      '已打印好的哑光 PETG 桌面收纳盒。\n壁厚结实，无需支撑。',
      '已列印好的霧面 PETG 桌面收納盒。\n壁厚紮實，無需支撐。',
      'Un organiseur de bureau déjà imprimé en PETG mat.\nParois solides, sans supports.',
    ),
    priceFen: 5900,
    stock: 12,
    model: 2,
  },
  {
    name: t('PLA filament 1.75 mm, 1 kg', 'PLA 耗材 1.75 毫米 1 千克', 'PLA 線材 1.75 毫米 1 公斤', 'Filament PLA 1,75 mm, 1 kg'),
    description: t(
      'Easy-printing PLA for everyday prints.\nNozzle 190–220 °C, bed 50–60 °C. Vacuum-sealed with desiccant.',
      '适合日常打印的易打印 PLA。\n喷嘴 190–220 °C，热床 50–60 °C。真空包装，附干燥剂。',
      '適合日常列印的易列印 PLA。\n噴嘴 190–220 °C，熱床 50–60 °C。真空包裝，附乾燥劑。',
      'Un PLA facile à imprimer pour tous les jours.\nBuse 190–220 °C, plateau 50–60 °C. Sous vide avec dessiccant.',
    ),
    priceFen: 6900,
    stock: 200,
    model: 3,
  },
  {
    name: t('Nozzle kit 0.2–0.8 mm', '喷嘴套装 0.2–0.8 毫米', '噴嘴套組 0.2–0.8 毫米', 'Kit de buses 0,2–0,8 mm'),
    description: t(
      'Five hardened-steel nozzles: 0.2, 0.4 (×2), 0.6 and 0.8 mm, with a cleaning needle.',
      '五个硬化钢喷嘴：0.2、0.4（×2）、0.6 和 0.8 毫米，附清洁针。',
      '五個硬化鋼噴嘴：0.2、0.4（×2）、0.6 和 0.8 毫米，附清潔針。',
      'Cinq buses en acier trempé : 0,2, 0,4 (×2), 0,6 et 0,8 mm, avec une aiguille de nettoyage.',
    ),
    priceFen: 4900,
    stock: 0,
    model: 4,
  },
];

/**
 * The mall's demo (seed 'mall-demo-v1'): four products, one of them sold out, pictured with the
 * demo library's model images (it runs after the content seed), checked like the admin API's input.
 */
export function mallDemoSeed(files: FileStorage): Seed {
  return {
    name: 'mall-demo-v1',
    async run(trx, now) {
      const content = createContentService(trx, files);
      for (const [i, p] of PRODUCTS.entries()) {
        const image = (await content.model(p.model))?.images[0]?.url;
        if (!image) continue;
        const { model: _, ...fields } = p;
        await saveProduct(trx, ZProductInput.parse({ ...fields, imageUrls: [image], position: i }), now);
      }
    },
  };
}
