import { ZProductInput } from '../../shared/api/mall';
import { createContentService } from '../content/service';
import type { FileStorage } from '../content/storage';
import type { Seed } from '../db/seed/seed';
import { saveProduct } from './catalogue';

/** A text in the four languages. */
const t = (en: string, cn: string, tw: string, fr: string) => ({ en, 'zh-CN': cn, 'zh-TW': tw, fr });

/** The demo shop: printed samples of the demo library's models. */
const PRODUCTS = [
  {
    name: t('Printed sample: the twisted vase', '打印样品：螺旋花瓶', '列印樣品：螺旋花瓶', 'Échantillon imprimé : le vase torsadé'),
    description: t(
      'The library’s twisted vase, printed in silk PLA with 0.2 mm layers.\nWatertight with a vase-mode print; 12 cm tall.',
      '模型库中的螺旋花瓶，使用丝绸 PLA、0.2 毫米层高打印。\n花瓶模式打印，不漏水；高 12 厘米。',
      '模型庫中的螺旋花瓶，使用絲綢 PLA、0.2 毫米層高列印。\n花瓶模式列印，不漏水；高 12 公分。',
      'Le vase torsadé de la bibliothèque, imprimé en PLA soyeux, couches de 0,2 mm.\nÉtanche grâce au mode vase ; 12 cm de haut.',
    ),
    priceFen: 3900,
    stock: 25,
    model: 2,
  },
  {
    name: t(
      'Shelf brackets with gusset, pair',
      '带加强筋的搁板支架（一对）',
      '帶加強筋的擱板支架（一對）',
      'Équerres d’étagère renforcées, la paire',
    ),
    description: t(
      'Two ready-printed shelf brackets in matte PETG, 100% walls at the screw holes.\nEach holds 8 kg; screws not included.',
      '两个已打印好的哑光 PETG 搁板支架，螺丝孔处实心打印。\n每个可承重 8 千克；不含螺丝。',
      '兩個已列印好的霧面 PETG 擱板支架，螺絲孔處實心列印。\n每個可承重 8 公斤；不含螺絲。',
      'Deux équerres d’étagère déjà imprimées en PETG mat, parois pleines autour des trous de vis.\n8 kg chacune ; vis non fournies.',
    ),
    priceFen: 2900,
    stock: 40,
    model: 3,
  },
  {
    name: t(
      'Hex key holder with 9 keys',
      '内六角扳手收纳座（含 9 支扳手）',
      '內六角扳手收納座（含 9 支扳手）',
      'Support avec 9 clés hexagonales',
    ),
    description: t(
      'The library’s hex key holder, printed in PLA, with nine hex keys from 1.5 to 10 mm.\nEvery key your printer needs, in one place.',
      '模型库中的内六角扳手收纳座，PLA 打印，附 1.5 至 10 毫米九支内六角扳手。\n打印机所需的扳手，一处收纳。',
      '模型庫中的內六角扳手收納座，PLA 列印，附 1.5 至 10 毫米九支內六角扳手。\n印表機所需的扳手，一處收納。',
      'Le support de la bibliothèque, imprimé en PLA, avec neuf clés hexagonales de 1,5 à 10 mm.\nToutes les clés de votre imprimante, au même endroit.',
    ),
    priceFen: 4900,
    stock: 60,
    model: 4,
  },
  {
    name: t('Calibration cubes, set of 10', '校准立方体（10 个装）', '校準立方體（10 個裝）', 'Cubes de calibration, lot de 10'),
    description: t(
      'Ten 20 mm calibration cubes printed on ten different printers, for comparing dimensional accuracy.',
      '十个 20 毫米校准立方体，分别由十台不同的打印机打印，便于比较尺寸精度。',
      '十個 20 毫米校準立方體，分別由十台不同的印表機列印，便於比較尺寸精度。',
      'Dix cubes de calibration de 20 mm imprimés sur dix imprimantes différentes, pour comparer la précision.',
    ),
    priceFen: 1900,
    stock: 0,
    model: 1,
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
