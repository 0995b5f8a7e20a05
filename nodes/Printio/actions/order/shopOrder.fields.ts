import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fieldsOf, formLabel } from '../../orderInput/fields';

/** Rules in orderInput/read/shop.ts. */
export const SHOP_INPUT_MODE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Shopify Order',
		value: 'shopifyOrder',
		description:
			'Each item is a Shopify order as the Shopify Trigger or a webhook delivers it: no mapping needed',
	},
	{
		name: 'WooCommerce Order',
		value: 'wooCommerceOrder',
		description:
			'Each item is a WooCommerce order as the WooCommerce Trigger or a webhook delivers it: no mapping needed',
	},
];

const SHOP_MODES = ['shopifyOrder', 'wooCommerceOrder'];
const shop = { show: { inputMode: SHOP_MODES } };

const recipientOverrides: INodeProperties[] = fieldsOf('orderByCode')
	.filter((field) => field.part === 'shipping_information')
	.map((field) => ({
		displayName: formLabel(field),
		name: field.parameter,
		type: 'string',
		default: '',
		...(field.kind === 'mail' ? { placeholder: 'name@email.com' } : {}),
		description: `Replaces the ${formLabel(field).toLowerCase()} read from the order`,
	}));

export function shopOrderFields(): INodeProperties[] {
	return [
		{
			displayName:
				"One item is one order, as the shop sends it: the output of the platform's trigger node, the body of a Webhook node, or one order read from the platform's API. Lines whose code is not one of your original items, and lines removed, refunded or fulfilled, are left out and listed; Shopify test orders are not placed; the sender is the credential's Shop Sender.",
			name: 'shopOrderNotice',
			type: 'notice',
			default: '',
			displayOptions: shop,
		},
		{
			displayName: 'Order Number Prefix',
			name: 'orderNumberPrefix',
			type: 'string',
			default: '',
			placeholder: 'e.g. SHOP1-',
			displayOptions: shop,
			description:
				"Put before the shop's order number to make the EC order number, so that orders of two shops never share one",
		},
		{
			displayName: 'Identify Print Item By',
			name: 'lineIdentifier',
			type: 'options',
			noDataExpression: true,
			displayOptions: shop,
			options: [
				{
					name: 'Product ID',
					value: 'productId',
					description: "The line's product ID on the platform",
				},
				{ name: 'SKU', value: 'sku', description: "The line's SKU" },
				{
					name: 'Variant ID',
					value: 'variantId',
					description: "The line's variant ID (WooCommerce: variation ID, else product ID)",
				},
			],
			default: 'sku',
			description: 'Which field of a line names its original item',
		},
		{
			displayName: 'Print Item Code Is',
			name: 'lineCodeKind',
			type: 'options',
			noDataExpression: true,
			displayOptions: shop,
			options: [
				{
					name: 'EC Original Item Code',
					value: 'ecOriginalItemCode',
					description: 'Your own code of the original item, set when it was created',
				},
				{
					name: 'Original Item Code',
					value: 'originalItemCode',
					description: "Printio's code of the original item",
				},
			],
			default: 'ecOriginalItemCode',
			description: "Whether that value is your code of the original item or Printio's",
		},
		{
			displayName: 'Shop Order Options',
			name: 'shopOrder',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			displayOptions: shop,
			options: [
				{
					displayName: 'Color Attribute',
					// Not "colorAttribute": n8n's linter wants the colour picker for a string parameter named so.
					name: 'hueAttribute',
					type: 'string',
					default: 'color',
					displayOptions: { show: { '/inputMode': ['wooCommerceOrder'] } },
					description:
						'Name of the product attribute that holds the colour (with or without pa_, any case)',
				},
				{
					displayName: 'Non-Print Lines',
					name: 'nonPrintLines',
					type: 'options',
					options: [
						{
							name: 'Fail the Order',
							value: 'fail',
							description: 'Refuse the whole order and send nothing',
						},
						{
							name: 'Leave Out and List',
							value: 'leaveOut',
							description: 'Order the print lines only; list the others in left_out_lines',
						},
					],
					default: 'leaveOut',
					description:
						'What to do with lines whose code is not one of your original items (a gift card, a product made elsewhere)',
				},
				{
					displayName: 'Order Number From',
					name: 'orderNumberFrom',
					type: 'options',
					options: [
						{ name: 'Order ID', value: 'id', description: "The platform's internal order ID" },
						{
							name: 'Order Number',
							value: 'number',
							description: 'The number the shop shows (Shopify order_number, WooCommerce number)',
						},
					],
					default: 'number',
				},
				{
					displayName: 'Partly Refunded Orders',
					name: 'partlyRefundedOrders',
					type: 'options',
					options: [
						{
							name: 'Place All Lines',
							value: 'placeAll',
							description: 'Print every line as ordered, refunded or not',
						},
						{
							name: 'Refuse the Order',
							value: 'refuse',
							description:
								'Send nothing and say so: the order does not say which lines were refunded',
						},
					],
					default: 'refuse',
					displayOptions: { show: { '/inputMode': ['wooCommerceOrder'] } },
					description:
						"What to do with an order that has refunds: WooCommerce's order gives each refund's total, not the lines it took back",
				},
				{
					displayName: 'Place Test Orders',
					name: 'placeTestOrders',
					type: 'boolean',
					default: false,
					displayOptions: { show: { '/inputMode': ['shopifyOrder'] } },
					description:
						"Whether to place Shopify test orders (test: true, from Shopify's test checkout) as print orders. Off, they are answered with test_order: true and nothing is sent.",
				},
				{
					displayName: 'Size Attribute',
					name: 'sizeAttribute',
					type: 'string',
					default: 'size',
					displayOptions: { show: { '/inputMode': ['wooCommerceOrder'] } },
					description:
						'Name of the product attribute that holds the size (with or without pa_, any case)',
				},
				{
					displayName: 'Variant Title: Color Part',
					name: 'variantTitleColorPart',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: 3, numberPrecision: 0 },
					default: 1,
					displayOptions: { show: { '/inputMode': ['shopifyOrder'] } },
					description:
						'Which option of the variant title ("White / M") is the colour; 0 when none is',
				},
				{
					displayName: 'Variant Title: Size Part',
					name: 'variantTitleSizePart',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: 3, numberPrecision: 0 },
					default: 2,
					displayOptions: { show: { '/inputMode': ['shopifyOrder'] } },
					description:
						'Which option of the variant title ("White / M") is the size; 0 when none is',
				},
			],
		},
		{
			displayName: 'Overrides',
			name: 'shopOverrides',
			type: 'collection',
			placeholder: 'Add override',
			default: {},
			displayOptions: shop,
			description:
				'Values to use instead of those read from the order, e.g. expressions for an unusual shop',
			options: (
				[
					{
						displayName: 'EC Order Date',
						name: 'ecOrderDate',
						type: 'string',
						default: '',
						description: 'Replaces the order date read from the order',
					},
					{
						displayName: 'EC Order Number',
						name: 'ecOrderNo',
						type: 'string',
						default: '',
						description: 'Replaces the EC order number (prefix and number) read from the order',
					},
					{
						displayName: 'Lines (JSON)',
						name: 'linesJson',
						type: 'json',
						default: '',
						description:
							'Replaces every line: an array like [{"ec_original_item_code": "EC-TS-0001", "color": "ホワイト", "size": "M", "quantity": 1}]',
					},
					...recipientOverrides,
				] as INodeProperties[]
			).sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	];
}
