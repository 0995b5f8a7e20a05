/**
 * The seeded catalog: categories, items, colours, sizes and the initial stock. It is static data,
 * kept in memory (only stock quantities live in the database, since orders change them).
 */
import type { Category, ColorValue, Item, SizeValue } from '../api/schema/types';

const IMG = 'https://img.printio-sandbox.example';

export const categories: Category[] = [
	{ category_id: 1, category_name: 'Tシャツ' },
	{ category_id: 2, category_name: 'パーカー・スウェット' },
	{ category_id: 3, category_name: 'バッグ' },
	{ category_id: 4, category_name: 'マグカップ・タンブラー' },
	{ category_id: 5, category_name: 'スマホケース' },
	{ category_id: 6, category_name: 'ステッカー' },
];

interface Palette extends ColorValue {
	abbr: string;
}

const palette: Record<string, Palette> = {
	WH: { abbr: 'WH', name: 'ホワイト', mfr_color_name: 'White', hex: '#FFFFFF' },
	BK: { abbr: 'BK', name: 'ブラック', mfr_color_name: 'Black', hex: '#1A1A1A' },
	NV: { abbr: 'NV', name: 'ネイビー', mfr_color_name: 'Navy', hex: '#1F2A44' },
	GY: { abbr: 'GY', name: 'ヘザーグレー', mfr_color_name: 'Heather Grey', hex: '#B5B5B5' },
	RD: { abbr: 'RD', name: 'レッド', mfr_color_name: 'Red', hex: '#C8102E' },
	NT: { abbr: 'NT', name: 'ナチュラル', mfr_color_name: 'Natural', hex: '#F3EAD3' },
	CL: { abbr: 'CL', name: 'クリア', mfr_color_name: 'Clear', hex: '#F5F5F5' },
	SV: { abbr: 'SV', name: 'シルバー', mfr_color_name: 'Silver', hex: '#C0C0C0' },
	PK: { abbr: 'PK', name: 'ライトピンク', mfr_color_name: 'Light Pink', hex: '#F4C2C2' },
	OL: { abbr: 'OL', name: 'オリーブ', mfr_color_name: 'Olive', hex: '#6B6B3A' },
};

const size = (
	name: string,
	details: Array<[string, string]>,
	additional_price?: number,
): SizeValue => {
	const s: SizeValue = { name, details: details.map(([n, v]) => ({ name: n, value: v })) };
	if (additional_price !== undefined) s.additional_price = String(additional_price);
	return s;
};

const teeSizes = (extra = 0): SizeValue[] => [
	size(
		'S',
		[
			['着丈', `${65 + extra}cm`],
			['身幅', '49cm'],
			['袖丈', '19cm'],
		],
		0,
	),
	size(
		'M',
		[
			['着丈', `${69 + extra}cm`],
			['身幅', '52cm'],
			['袖丈', '20cm'],
		],
		0,
	),
	size(
		'L',
		[
			['着丈', `${73 + extra}cm`],
			['身幅', '55cm'],
			['袖丈', '22cm'],
		],
		0,
	),
	size(
		'XL',
		[
			['着丈', `${77 + extra}cm`],
			['身幅', '58cm'],
			['袖丈', '24cm'],
		],
		200,
	),
	size(
		'XXL',
		[
			['着丈', `${80 + extra}cm`],
			['身幅', '63cm'],
			['袖丈', '26cm'],
		],
		400,
	),
];

const hoodieSizes = (): SizeValue[] => [
	size(
		'S',
		[
			['着丈', '63cm'],
			['身幅', '52cm'],
			['袖丈', '58cm'],
		],
		0,
	),
	size(
		'M',
		[
			['着丈', '67cm'],
			['身幅', '55cm'],
			['袖丈', '60cm'],
		],
		0,
	),
	size(
		'L',
		[
			['着丈', '71cm'],
			['身幅', '58cm'],
			['袖丈', '62cm'],
		],
		0,
	),
	size(
		'XL',
		[
			['着丈', '75cm'],
			['身幅', '62cm'],
			['袖丈', '64cm'],
		],
		300,
	),
];

export interface StockRule {
	stock_quantity: number | null;
	is_orderable: boolean;
}

export interface CatalogItem {
	item: Item;
	/** colour name → palette entry (for hex and stock codes) */
	colors: Palette[];
	/** initial stock of one colour/size; default unlimited and orderable */
	stock?: (colorAbbr: string, sizeName: string) => StockRule;
}

interface Def {
	code: string;
	name: string;
	category_id: number;
	price: number;
	colors: string[];
	sizes: SizeValue[];
	sizeDescription?: string;
	description: string;
	detail: string;
	cautions?: string;
	unit?: string;
	sides: string[];
	/** print area per side: [width mm, height mm] */
	area: [number, number];
	dpi?: number;
	stock?: CatalogItem['stock'];
}

function build(d: Def): CatalogItem {
	const dpi = d.dpi ?? 200;
	const px = (mm: number) => String(Math.round((mm / 25.4) * dpi));
	const colors = d.colors.map((c) => palette[c]);
	const item: Item = {
		code: d.code,
		item_name: d.name,
		category_id: d.category_id,
		image_urls: colors.map((c) => `${IMG}/items/${d.code}/${c.abbr.toLowerCase()}.png`),
		main_image_url: `${IMG}/items/${d.code}/main.png`,
		sizes: { values: d.sizes, ...(d.sizeDescription ? { description: d.sizeDescription } : {}) },
		colors: {
			values: colors.map(({ name, mfr_color_name, hex }) => ({ name, mfr_color_name, hex })),
			description: `全${colors.length}色`,
		},
		price: d.price,
		description: d.description,
		detail_description: d.detail,
		cautions: d.cautions ?? '画面上の色と実際の商品の色は多少異なる場合があります。',
		display_unit: d.unit ?? '枚',
		simulator_type: {
			image_size: {
				values: [
					{ name: '横', value: 'width', mm_size: String(d.area[0]), px_size: px(d.area[0]) },
					{ name: '縦', value: 'height', mm_size: String(d.area[1]), px_size: px(d.area[1]) },
				],
			},
			...(d.dpi !== undefined ? { dpi: d.dpi } : {}),
		},
		printable_sides: d.sides,
	};
	return { item, colors, stock: d.stock };
}

const unlimited: StockRule = { stock_quantity: null, is_orderable: true };

export const catalog: CatalogItem[] = [
	build({
		code: 'OGB-910',
		name: 'ベーシックTシャツ 5.6oz',
		category_id: 1,
		price: 1800,
		colors: ['WH', 'BK', 'NV', 'GY'],
		sizes: teeSizes(),
		sizeDescription: 'ユニセックスサイズです。',
		description: '定番の5.6オンス綿100%Tシャツ。',
		detail: '綿100%（ヘザーグレーは綿80%・ポリエステル20%）。インクジェット印刷。',
		sides: ['front', 'back'],
		area: [280, 350],
		// Navy XXL is nearly sold out: 3 left, decremented by orders.
		stock: (c, s) =>
			c === 'NV' && s === 'XXL' ? { stock_quantity: 3, is_orderable: true } : unlimited,
	}),
	build({
		code: 'OGB-920',
		name: 'ヘビーウェイトTシャツ 6.2oz',
		category_id: 1,
		price: 2400,
		colors: ['WH', 'BK', 'OL'],
		sizes: teeSizes(1),
		description: '厚手で透けにくい6.2オンスTシャツ。',
		detail: '綿100%。首元はダブルステッチ。',
		sides: ['front', 'back'],
		area: [280, 350],
		dpi: 300,
		stock: (c) => (c === 'OL' ? { stock_quantity: 20, is_orderable: true } : unlimited),
	}),
	build({
		code: 'OGB-930',
		name: 'ロングスリーブTシャツ',
		category_id: 1,
		price: 2600,
		colors: ['WH', 'BK', 'GY'],
		sizes: teeSizes(2),
		description: '袖にもプリントできる長袖Tシャツ。',
		detail: '綿100%。袖口リブ仕様。',
		sides: ['front', 'back', 'left', 'right'],
		area: [280, 350],
		// Heather grey is discontinued: listed but not orderable.
		stock: (c) => (c === 'GY' ? { stock_quantity: 0, is_orderable: false } : unlimited),
	}),
	build({
		code: 'PKB-110',
		name: 'プルオーバーパーカー',
		category_id: 2,
		price: 4800,
		colors: ['WH', 'BK', 'NV', 'GY'],
		sizes: hoodieSizes(),
		description: '裏パイルの定番プルオーバーパーカー。',
		detail: '綿50%・ポリエステル50%。10オンス。',
		sides: ['front', 'back'],
		area: [280, 300],
	}),
	build({
		code: 'PKB-120',
		name: 'ジップアップパーカー',
		category_id: 2,
		price: 5400,
		colors: ['BK', 'GY'],
		sizes: hoodieSizes(),
		description: 'フルジップの裏パイルパーカー。',
		detail: '綿50%・ポリエステル50%。ジップのため前面は左胸のみ印刷できます。',
		sides: ['front', 'back'],
		area: [100, 100],
		stock: (c, s) =>
			c === 'BK' && s === 'XL' ? { stock_quantity: 2, is_orderable: true } : unlimited,
	}),
	build({
		code: 'SWB-210',
		name: 'クルーネックスウェット',
		category_id: 2,
		price: 4200,
		colors: ['GY', 'NV', 'PK'],
		sizes: hoodieSizes(),
		description: '10オンスの裏パイルスウェット。',
		detail: '綿50%・ポリエステル50%。',
		sides: ['front', 'back'],
		area: [280, 300],
	}),
	build({
		code: 'BAG-310',
		name: 'キャンバストートバッグ M',
		category_id: 3,
		price: 1500,
		colors: ['NT', 'BK'],
		sizes: [
			size('F', [
				['縦', '36cm'],
				['横', '37cm'],
				['マチ', '10cm'],
				['持ち手', '52cm'],
			]),
		],
		description: '8オンスキャンバスのトートバッグ。',
		detail: '綿100%。A4サイズが入ります。',
		unit: '個',
		sides: ['front', 'back'],
		area: [250, 250],
	}),
	build({
		code: 'BAG-320',
		name: 'サコッシュ',
		category_id: 3,
		price: 1200,
		colors: ['NT', 'BK'],
		sizes: [
			size('F', [
				['縦', '23cm'],
				['横', '20cm'],
				['ショルダー', '130cm'],
			]),
		],
		description: '軽量なコットンサコッシュ。',
		detail: '綿100%。ショルダー長さ調節不可。',
		unit: '個',
		sides: ['front'],
		area: [180, 150],
		// A limited lot: 10 of each colour.
		stock: () => ({ stock_quantity: 10, is_orderable: true }),
	}),
	build({
		code: 'MUG-410',
		name: 'マグカップ 330ml',
		category_id: 4,
		price: 1600,
		colors: ['WH'],
		sizes: [
			size('330ml', [
				['高さ', '9.5cm'],
				['直径', '8.2cm'],
			]),
		],
		description: '陶器製のスタンダードマグ。',
		detail: '昇華転写プリント。食洗機対応。',
		cautions: '電子レンジは使用できますが、オーブンは使用できません。',
		unit: '個',
		sides: ['front'],
		area: [200, 80],
	}),
	build({
		code: 'MUG-420',
		name: 'ステンレスタンブラー 350ml',
		category_id: 4,
		price: 2800,
		colors: ['SV', 'BK'],
		sizes: [
			size('350ml', [
				['高さ', '13cm'],
				['直径', '7.5cm'],
			]),
		],
		description: '真空二重構造のタンブラー。',
		detail: 'レーザー彫刻風プリント。',
		cautions: '電子レンジ・食洗機は使用できません。',
		unit: '個',
		sides: ['front'],
		area: [60, 90],
		// Black is out of stock (0 left, still orderable in principle).
		stock: (c) => (c === 'BK' ? { stock_quantity: 0, is_orderable: true } : unlimited),
	}),
	build({
		code: 'PHC-510',
		name: 'iPhone ハードケース',
		category_id: 5,
		price: 2200,
		colors: ['CL', 'WH', 'BK'],
		sizes: [
			size('iPhone 16', [['対応機種', 'iPhone 16']]),
			size('iPhone 15', [['対応機種', 'iPhone 15']]),
			size('iPhone 15 Pro', [['対応機種', 'iPhone 15 Pro']], 200),
			size('iPhone 14', [['対応機種', 'iPhone 14']]),
		],
		sizeDescription: '機種をサイズとして選択してください。',
		description: 'ポリカーボネート製のハードケース。',
		detail: 'UVプリント。側面は印刷されません。',
		unit: '個',
		sides: ['front'],
		area: [75, 150],
		// iPhone 14 cases are no longer produced.
		stock: (_c, s) => (s === 'iPhone 14' ? { stock_quantity: 0, is_orderable: false } : unlimited),
	}),
	build({
		code: 'STK-610',
		name: 'ダイカットステッカー',
		category_id: 6,
		price: 400,
		colors: ['WH', 'CL'],
		sizes: [
			size('S', [['最大サイズ', '50mm']]),
			size('M', [['最大サイズ', '75mm']], 100),
			size('L', [['最大サイズ', '100mm']], 200),
		],
		description: '耐水性のある塩ビステッカー。',
		detail: '屋外使用可能（約1年）。',
		unit: '枚',
		sides: ['front'],
		area: [100, 100],
		dpi: 350,
	}),
];

export const catalogByCode = new Map(catalog.map((c) => [c.item.code, c]));
export const categoryById = new Map(categories.map((c) => [c.category_id, c]));

export function sizeSlug(sizeName: string): string {
	return sizeName.replace(/[^0-9A-Za-z]+/g, '').toUpperCase();
}

export function stockCode(itemCode: string, colorAbbr: string, sizeName: string): string {
	return `${itemCode}-${colorAbbr}-${sizeSlug(sizeName)}`;
}

export interface StockSeed {
	item_stock_code: string;
	item_code: string;
	category_id: number;
	color_name: string;
	size: string;
	stock_quantity: number | null;
	is_orderable: boolean;
}

/** Every colour × size of every item, in catalog order. */
export function stockSeeds(): StockSeed[] {
	const out: StockSeed[] = [];
	for (const c of catalog) {
		for (const color of c.colors) {
			for (const s of c.item.sizes.values) {
				const rule = c.stock ? c.stock(color.abbr, s.name) : unlimited;
				out.push({
					item_stock_code: stockCode(c.item.code, color.abbr, s.name),
					item_code: c.item.code,
					category_id: c.item.category_id,
					color_name: color.name,
					size: s.name,
					...rule,
				});
			}
		}
	}
	return out;
}

/** Colour of an item by its (Japanese) name; the manufacturer's name is accepted too. */
export function findColor(c: CatalogItem, name: string): Palette | undefined {
	return c.colors.find((p) => p.name === name) ?? c.colors.find((p) => p.mfr_color_name === name);
}
