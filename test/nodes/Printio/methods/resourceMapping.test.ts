/** The resource mapper's columns of Order › Create and Create With Images (methods/resourceMapping.ts). */
import type { ResourceMapperField } from 'n8n-workflow';

import { getOrderColumns } from '../../../../nodes/Printio/methods/resourceMapping';
import { loadOptionsContext } from './loadOptionsContext';

type Row = [id: string, displayName: string, required?: boolean];

/** A text column as the mapper lists it. */
const column = ([id, displayName, required = false]: Row): ResourceMapperField => ({
	id,
	displayName,
	required,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
	type: 'string',
});

const RECIPIENT_AND_SENDER: Row[] = [
	['ec_order_no', 'EC Order Number', true],
	// Required by the API, but family and given name may stand in for it: not required in the mapper.
	['shipping_full_name', 'Recipient Full Name'],
	['shipping_family_name', 'Recipient Family Name'],
	['shipping_given_name', 'Recipient Given Name'],
	['shipping_zip_code', 'Recipient Zip Code', true],
	['shipping_prefecture_name', 'Recipient Prefecture', true],
	['shipping_municipalities', 'Recipient Municipality', true],
	['shipping_address1', 'Recipient Address Line 1', true],
	['shipping_address2', 'Recipient Address Line 2'],
	['shipping_phone_number', 'Recipient Phone Number', true],
	['shipping_mail_address', 'Recipient Email'],
	['sender_full_name', 'Sender Full Name'],
	['sender_zip_code', 'Sender Zip Code'],
	['sender_prefecture_name', 'Sender Prefecture'],
	['sender_municipalities', 'Sender Municipality'],
	['sender_address1', 'Sender Address Line 1'],
	['sender_address2', 'Sender Address Line 2'],
	['sender_phone_number', 'Sender Phone Number'],
	['sender_mail_address', 'Sender Email'],
	['sender_item_name', 'Sender Goods Description'],
];

const CREATE_COLUMNS: ResourceMapperField[] = [
	...RECIPIENT_AND_SENDER.map(column),
	...(
		[
			['line_original_item_code', 'Original Item Code'],
			['line_color', 'Color', true],
			['line_size', 'Size', true],
			['line_quantity', 'Quantity', true],
			['line_ec_original_item_code', 'EC Original Item Code'],
			['line_ec_order_detail_no', 'EC Order Detail Number'],
			['ec_order_date', 'EC Order Date'],
			['ec_optional_information', 'EC Optional Information'],
		] as Row[]
	).map(column),
	{
		...column(['shipping_method', 'Shipping Method']),
		type: 'options',
		options: [
			{ name: '1', value: '1' },
			{ name: '2', value: '2' },
		],
	},
	// One column takes all novelties; novelty_<name> cannot be listed.
	...(
		[
			['action_after_print', 'Novelties'],
			['retailer_id', 'Retailer ID'],
			['team_id', 'Team ID (Internal)'],
		] as Row[]
	).map(column),
];

const CREATE_WITH_IMAGES_COLUMNS: ResourceMapperField[] = [
	...RECIPIENT_AND_SENDER,
	['line_item_code', 'Item Code', true],
	['line_color', 'Color', true],
	['line_size', 'Size', true],
	['line_quantity', 'Quantity', true],
	['line_ec_order_detail_no', 'EC Order Detail Number'],
	['line_image_front_output_url', 'Front Output URL'],
	['line_image_front_thumbnail_url', 'Front Thumbnail URL'],
	['line_image_back_output_url', 'Back Output URL'],
	['line_image_back_thumbnail_url', 'Back Thumbnail URL'],
	['line_image_left_output_url', 'Left Output URL'],
	['line_image_left_thumbnail_url', 'Left Thumbnail URL'],
	['line_image_right_output_url', 'Right Output URL'],
	['line_image_right_thumbnail_url', 'Right Thumbnail URL'],
	['line_image_urls', 'Image URLs', true],
	['ec_order_date', 'EC Order Date'],
	['ec_optional_information', 'EC Optional Information'],
	['retailer_id', 'Retailer ID'],
].map((row) => column(row as Row));

describe('getOrderColumns', () => {
	it('lists the columns of Order › Create in form order, labelled without their section, with types and required marks', async () => {
		const { context, sent } = loadOptionsContext({ operation: 'create' });
		expect(await getOrderColumns.call(context)).toStrictEqual({ fields: CREATE_COLUMNS });
		expect(sent).toStrictEqual([]);
	});

	it('lists the columns of Order › Create With Images', async () => {
		const { context } = loadOptionsContext({ operation: 'createWithImages' });
		expect(await getOrderColumns.call(context)).toStrictEqual({
			fields: CREATE_WITH_IMAGES_COLUMNS,
		});
	});

	it.each([
		['no operation', undefined],
		['another operation', 'getMany'],
	])("lists Order › Create's columns for %s", async (_case, operation) => {
		const { context } = loadOptionsContext({ operation });
		expect(await getOrderColumns.call(context)).toStrictEqual({ fields: CREATE_COLUMNS });
	});
});
