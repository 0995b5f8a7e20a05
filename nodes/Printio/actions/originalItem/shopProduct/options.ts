import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Item, OriginalItem } from '../../../../../api/schema/types';
import type { PrintioApi } from '../../../../shared/printio/transport';
import { catalogItem } from '../../../helpers/catalogItem';
import type { PriceSettings } from './price';
import { DEFAULT_PRODUCT_SETTINGS, productDraft, type ProductSettings } from './product';
import { checkShopifyCount, shopifyProductSet } from './shopify';
import { ShopProductRefusal } from './variants';
import { checkWooCommerceCount, wooCommerceProduct } from './woocommerce';

export type ShopTarget = 'none' | 'shopify' | 'wooCommerce';

const PRODUCT_SET_MUTATION =
	'mutation ProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!, $synchronous: Boolean!) { productSet(identifier: $identifier, input: $input, synchronous: $synchronous) { product { id handle status variants(first: 250) { nodes { id sku } } } userErrors { field message code } } }';

export const shopProductProperties: INodeProperties[] = [
	{
		displayName: 'Shop Product',
		name: 'shopProduct',
		type: 'options',
		options: [
			{ name: 'None', value: 'none' },
			{
				name: 'Shopify',
				value: 'shopify',
				description: 'The body of an Admin GraphQL productSet request, for the HTTP Request node',
			},
			{
				name: 'WooCommerce',
				value: 'wooCommerce',
				description:
					'A variable product and the body of its variations batch, for the HTTP Request node',
			},
		],
		default: 'none',
		description:
			'Whether each output item also carries shop_product: the original item as a shop product whose variant SKUs and options the Shopify Order and WooCommerce Order modes of Order › Create match back',
	},
	{
		displayName: 'Shop Product Options',
		name: 'shopProductOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { hide: { shopProduct: ['none'] } },
		options: [
			{
				displayName: 'Fixed Price per Size',
				name: 'fixedPrices',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				description: 'With Price: Fixed Price per Size, the price of each size in yen',
				options: [
					{
						name: 'prices',
						displayName: 'Price',
						values: [
							{
								displayName: 'Size',
								name: 'size',
								type: 'string',
								default: '',
								description: 'A size as the catalog names it, or * for every size not listed',
							},
							{
								displayName: 'Price (JPY)',
								name: 'price',
								type: 'number',
								typeOptions: { minValue: 1 },
								default: 1,
							},
						],
					},
				],
			},
			{
				displayName: 'Markup (%)',
				name: 'markupPercent',
				type: 'number',
				default: 0,
				description: "Added to Printio's price of the piece and the size's surcharge",
			},
			{
				displayName: 'Markup (JPY)',
				name: 'markupYen',
				type: 'number',
				default: 0,
				description: 'Added after the percentage markup',
			},
			{
				displayName: 'Names',
				name: 'names',
				type: 'options',
				options: [
					{ name: 'Japanese (Catalog)', value: 'japanese' },
					{ name: "English (Maker's)", value: 'english' },
				],
				default: 'japanese',
				description:
					"Colour values in the catalog's Japanese names or the maker's English names; either way the order modes match them back",
			},
			{
				displayName: 'Price',
				name: 'priceMode',
				type: 'options',
				options: [
					{ name: 'Catalog Price', value: 'catalog' },
					{ name: 'Fixed Price per Size', value: 'fixed' },
				],
				default: 'catalog',
				description:
					"Prices are yen, as Printio gives them, never converted: a shop in another currency sets its own. Catalog Price: Printio's price plus the size's surcharge, marked up and rounded.",
			},
			{
				displayName: 'Round Up To (JPY)',
				name: 'roundTo',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description: 'The marked-up price is rounded up to a multiple of this, e.g. 10',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Draft', value: 'draft' },
					{ name: 'Active (Published)', value: 'active' },
				],
				default: 'draft',
			},
			{
				displayName: 'Unit Cost',
				name: 'unitCost',
				type: 'boolean',
				default: false,
				description:
					"Whether Printio's price is the variant's unit cost (Shopify inventoryItem.cost), so that the shop shows the margin",
			},
		],
	},
];

const numberOr = (value: unknown, fallback: number) =>
	typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export function productSettings(options: IDataObject): ProductSettings {
	const fixed: PriceSettings['fixed'] = {};
	const entries = ((options.fixedPrices as IDataObject | undefined)?.prices ?? []) as IDataObject[];
	for (const entry of entries) {
		const size = String(entry.size ?? '').trim();
		if (size) fixed[size] = Number(entry.price);
	}
	return {
		names: options.names === 'english' ? 'english' : 'japanese',
		unitCost: options.unitCost === true,
		publish: options.status === 'active',
		price: {
			mode: options.priceMode === 'fixed' ? 'fixed' : 'catalog',
			markupPercent: numberOr(options.markupPercent, DEFAULT_PRODUCT_SETTINGS.price.markupPercent),
			markupYen: numberOr(options.markupYen, DEFAULT_PRODUCT_SETTINGS.price.markupYen),
			roundTo: numberOr(options.roundTo, DEFAULT_PRODUCT_SETTINGS.price.roundTo),
			fixed,
		},
	};
}

export function shopProductOf(
	target: Exclude<ShopTarget, 'none'>,
	record: OriginalItem,
	catalog: Item | undefined,
	settings: ProductSettings,
): IDataObject {
	const draft = productDraft(
		record,
		catalog,
		settings,
		target === 'shopify' ? checkShopifyCount : checkWooCommerceCount,
	);
	const common = {
		platform: target,
		currency: 'JPY',
		sku_code: draft.codeKind,
		notes: draft.notes,
	};
	if (target === 'shopify')
		return {
			...common,
			body: { query: PRODUCT_SET_MUTATION, variables: shopifyProductSet(draft, settings.publish) },
		};
	return { ...common, ...wooCommerceProduct(draft, settings.publish) };
}

/** Before the create: what the new original item will be, as its catalog item says. */
export function plannedRecord(
	itemCode: string,
	catalog: Item | undefined,
	design: { ecCode: string; name: string; imageUrl: string; code?: string },
): OriginalItem {
	return {
		original_item_code: design.code ?? '(new)',
		ec_original_item_code: design.ecCode || null,
		item_code: itemCode,
		original_item_name: design.name,
		item_name: catalog?.item_name ?? '',
		image_urls: (catalog?.colors?.values ?? []).map((color) => ({
			color_name: color.name,
			mfr_color_name: color.mfr_color_name,
			url: design.imageUrl,
		})),
		colors: catalog?.colors ?? {},
		sizes: catalog?.sizes ?? { values: [] },
	} as OriginalItem;
}

export interface ShopProductRun {
	target: Exclude<ShopTarget, 'none'>;
	settings: ProductSettings;
}

export function shopProductRun(
	this: IExecuteFunctions,
	itemIndex: number,
): ShopProductRun | undefined {
	const target = this.getNodeParameter('shopProduct', itemIndex, 'none') as ShopTarget;
	if (target !== 'shopify' && target !== 'wooCommerce') return undefined;
	const options = this.getNodeParameter('shopProductOptions', itemIndex, {}) as IDataObject;
	return { target, settings: productSettings(options) };
}

/** Unreadable, the catalog price is refused, naming the item. */
export async function catalogOf(
	api: PrintioApi,
	itemCode: string | undefined,
	retailerId: number,
	itemIndex: number,
): Promise<Item | undefined> {
	if (!itemCode) return undefined;
	try {
		return await catalogItem(api, retailerId, itemCode, itemIndex);
	} catch {
		return undefined;
	}
}

export function refusalError(this: IExecuteFunctions, error: unknown, itemIndex: number): unknown {
	if (!(error instanceof ShopProductRefusal)) return error;
	return new NodeOperationError(this.getNode(), `Shop Product: ${error.message}`, {
		itemIndex,
		description: error.fix,
	});
}

export async function shopProductFor(
	this: IExecuteFunctions,
	run: ShopProductRun,
	api: PrintioApi,
	record: OriginalItem,
	retailerId: number,
	itemIndex: number,
): Promise<IDataObject> {
	const catalog = await catalogOf(api, record.item_code, retailerId, itemIndex);
	try {
		return shopProductOf(run.target, record, catalog, run.settings);
	} catch (error) {
		throw refusalError.call(this, error, itemIndex);
	}
}
