import { fillOrderDefaults } from '../../../../nodes/Printio/orderInput/defaults';
import { byCodeOrder, senderBlock } from './fixtures';
import { preparedAndBuilt as prepareOrders, draftRow } from '../orderRun/fakes';

const SHOP = { ...senderBlock(), zip_code: '〒530-0001', item_name: '衣類' };

describe('defaults stage: the shop sender', () => {
	it('fills an absent or empty sender block whole, and keeps an order-only goods description', () => {
		for (const own of [undefined, {}, { full_name: '  ' }]) {
			const { order, used } = fillOrderDefaults(
				{ sender_information: own },
				{ sender_information: SHOP },
				'orderByCode',
				{ normalize: true, itemIndex: 0 },
			);
			expect(order.sender_information).toEqual({
				...senderBlock(),
				zip_code: '5300001',
				item_name: '衣類',
			});
			expect(used.has('sender_information')).toBe(true);
		}
		const { order } = fillOrderDefaults(
			{ sender_information: { item_name: 'Tシャツ' } },
			{ sender_information: SHOP },
			'orderByCode',
			{ normalize: true, itemIndex: 0 },
		);
		expect(order.sender_information?.item_name).toBe('Tシャツ');
		expect(order.sender_information?.full_name).toBe(senderBlock().full_name);
	});

	it("reports normalisation of a default only when it is used, on the order's first item", () => {
		const used = fillOrderDefaults({}, { sender_information: SHOP }, 'orderByCode', {
			normalize: true,
			itemIndex: 4,
		});
		expect(used.changes).toEqual([
			expect.objectContaining({
				field: 'sender_information.zip_code',
				rule: 'zipCodeDigitsOnly',
				itemIndex: 4,
			}),
		]);
		const unused = fillOrderDefaults(
			{ sender_information: { zip_code: '1' } },
			{ sender_information: SHOP },
			'orderByCode',
			{ normalize: true, itemIndex: 4 },
		);
		expect(unused.changes).toEqual([]);
		expect(unused.order.sender_information).toEqual({ zip_code: '1' });
	});

	it("a problem of a default sender says where to fix it; of the order's own sender it does not", () => {
		const withDefault = prepareOrders(
			draftRow({ ...byCodeOrder(), sender_information: undefined }, 2),
			'orderByCode',
			{
				defaults: { sender_information: { ...SHOP, phone_number: '' } },
			},
		)[0];
		expect(withDefault.problems).toEqual([
			expect.objectContaining({
				field: 'sender_information.phone_number',
				label: 'Sender Phone Number',
				itemIndex: 2,
				message: 'is required',
			}),
		]);
		expect(withDefault.problems[0].fix).toContain(
			'the Shop Sender of the Printio credential is used: set Sender Phone Number there',
		);
		const own = prepareOrders(
			draftRow({ ...byCodeOrder(), sender_information: { ...senderBlock(), phone_number: '' } }, 2),
			'orderByCode',
			{
				defaults: { sender_information: SHOP },
			},
		)[0];
		expect(own.problems.map((problem) => problem.field)).toEqual([
			'sender_information.phone_number',
		]);
		expect(own.problems[0].fix).not.toContain('Shop Sender');
	});
});
