/** A wrong type would show as an empty value the service refuses, never be sent on. */
import { IMAGE_URL_TYPES, PRINT_POSITIONS } from '../../../api/positions';
import { fieldAt, REQUEST_ORDER } from './fields';
import type { OrderField } from './fields';
import type {
	AddressBlock,
	AddressDraft,
	OrderByCodeLine,
	OrderByCodeRequest,
	OrderDraft,
	OrderOperation,
	OrderRequestFor,
	OrderWithImageLine,
	OrderWithImageRequest,
	SenderInformation,
} from './types';
import { isPlainObject } from './values';

type ImageUrls = OrderWithImageLine['image_urls'];
type ActionAfterPrint = NonNullable<OrderByCodeRequest['action_after_print']>;

function text(value: unknown): string {
	return typeof value === 'string' ? value : '';
}

function whole(value: unknown): number {
	return typeof value === 'number' ? value : Number.NaN;
}

const POSITIONS: ReadonlySet<unknown> = new Set(PRINT_POSITIONS);
const URL_TYPES: ReadonlySet<unknown> = new Set(IMAGE_URL_TYPES);

function isImageUrls(value: unknown): value is ImageUrls {
	return (
		isPlainObject(value) &&
		Array.isArray(value.values) &&
		value.values.every(
			(entry: unknown) =>
				isPlainObject(entry) &&
				POSITIONS.has(entry.position) &&
				Array.isArray(entry.urls) &&
				entry.urls.every(
					(url: unknown) =>
						isPlainObject(url) && URL_TYPES.has(url.type) && typeof url.url === 'string',
				),
		)
	);
}

/** Sent as given: the spec does not say what keys other than novelty mean. */
function isActionAfterPrint(value: unknown): value is ActionAfterPrint {
	if (!isPlainObject(value)) return false;
	const novelty = value.novelty;
	return (
		novelty === undefined ||
		(isPlainObject(novelty) && Object.values(novelty).every((count) => typeof count === 'number'))
	);
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
	const entry: { [P in K]?: V } = {};
	if (value !== undefined) entry[key] = value;
	return entry;
}

function addressFor(block: AddressDraft): AddressBlock {
	return {
		zip_code: text(block.zip_code),
		prefecture_name: text(block.prefecture_name),
		municipalities: text(block.municipalities),
		address1: text(block.address1),
		...optional('address2', block.address2),
		full_name: text(block.full_name),
		phone_number: text(block.phone_number),
		...optional('mail_address', block.mail_address),
	};
}

function senderFor(block: AddressDraft): SenderInformation {
	return { ...addressFor(block), item_name: text(block.item_name) };
}

function orderValue(field: OrderField, value: unknown): unknown {
	switch (field.kind) {
		case 'integer':
			return value === undefined && field.required === 'optional' ? undefined : whole(value);
		case 'choice':
			return field.limit.values.includes(value as string | number) ? value : undefined;
		case 'novelties':
			return isActionAfterPrint(value) ? value : undefined;
		default:
			if (typeof value === 'string') return value;
			if (field.required !== 'optional') return '';
			return field.whenEmpty === 'null' ? null : undefined;
	}
}

type Parts = Pick<
	OrderByCodeRequest,
	'shipping_information' | 'sender_information' | 'order_details'
>;

function orderBody(
	order: OrderDraft,
	operation: OrderOperation,
	parts: Parts | Pick<OrderWithImageRequest, keyof Parts>,
): Record<string, unknown> {
	const body: Record<string, unknown> = {};
	const given = order as Record<string, unknown>;
	for (const key of REQUEST_ORDER) {
		if (key in parts) {
			body[key] = parts[key as keyof Parts];
			continue;
		}
		const field = fieldAt(key, operation);
		const value = field === undefined ? undefined : orderValue(field, given[key]);
		if (value !== undefined) body[key] = value;
	}
	return body;
}

function byCodeRequest(order: OrderDraft): OrderByCodeRequest {
	const parts: Parts = {
		shipping_information: addressFor(order.shipping_information ?? {}),
		sender_information: senderFor(order.sender_information ?? {}),
		order_details: (order.order_details ?? []).map(
			(line): OrderByCodeLine => ({
				...optional('ec_order_detail_no', line.ec_order_detail_no),
				...optional('original_item_code', line.original_item_code),
				...optional('ec_original_item_code', line.ec_original_item_code),
				quantity: whole(line.quantity),
				color: text(line.color),
				size: text(line.size),
			}),
		),
	};
	// Each value is narrowed by its kind; fields.orderLevel.test.ts checks bodies against the schema.
	return orderBody(order, 'orderByCode', parts) as OrderByCodeRequest;
}

/** A missing ec_order_detail_no is sent as "" (the spec's sample). */
function withImageRequest(order: OrderDraft): OrderWithImageRequest {
	const parts: Pick<OrderWithImageRequest, keyof Parts> = {
		shipping_information: addressFor(order.shipping_information ?? {}),
		sender_information: senderFor(order.sender_information ?? {}),
		order_details: (order.order_details ?? []).map(
			(line): OrderWithImageLine => ({
				ec_order_detail_no: line.ec_order_detail_no ?? '',
				item_code: text(line.item_code),
				quantity: whole(line.quantity),
				color: text(line.color),
				size: text(line.size),
				image_urls: isImageUrls(line.image_urls) ? line.image_urls : { values: [] },
			}),
		),
	};
	return orderBody(order, 'orderWithImage', parts) as OrderWithImageRequest;
}

/** Does not validate again. */
export function toRequest(order: OrderDraft, operation: 'orderByCode'): OrderByCodeRequest;
export function toRequest(order: OrderDraft, operation: 'orderWithImage'): OrderWithImageRequest;
export function toRequest<Op extends OrderOperation>(
	order: OrderDraft,
	operation: Op,
): OrderRequestFor<Op>;
export function toRequest(
	order: OrderDraft,
	operation: OrderOperation,
): OrderByCodeRequest | OrderWithImageRequest {
	return operation === 'orderByCode' ? byCodeRequest(order) : withImageRequest(order);
}
