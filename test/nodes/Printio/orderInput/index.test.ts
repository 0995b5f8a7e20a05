import * as fs from 'fs';
import * as path from 'path';
import { preparedAndBuilt as prepareOrders, rowsFromItems } from '../orderRun/fakes';

import * as input from '../../../../nodes/Printio/orderInput';

describe('order input entry point', () => {
	it('exports the read stage, the pipeline over its rows, the build and the text normaliser Shop Product reads back with (and their types)', () => {
		expect(Object.keys(input).sort()).toEqual([
			'buildOrders',
			'inputOf',
			'normalizeText',
			'questionKey',
			'readOrders',
		]);
		expect(typeof input.readOrders).toBe('function');
	});

	it('is the only way order code outside the module reaches order input', () => {
		// Everything in nodes/ outside orderInput/ imports the module's index (or its table and the shared value checks:
		// bodies are built in the module, by buildOrders, after the catalog match).
		const offenders: string[] = [];
		const walk = (dir: string) => {
			for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
				const file = path.join(dir, entry.name);
				if (entry.isDirectory()) {
					if (entry.name !== 'orderInput') walk(file);
				} else if (file.endsWith('.ts')) {
					for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
						const match = /from '([^']*orderInput[^']*)'/.exec(line);
						if (match && !/\/orderInput(\/fields|\/values)?$/.test(match[1]))
							offenders.push(`${file}: ${match[1]}`);
					}
				}
			}
		};
		walk(path.join(__dirname, '../../../../nodes'));
		expect(offenders).toEqual([]);
	});

	it('runs the whole pipeline', () => {
		const rows = rowsFromItems(
			[
				{
					ec_order_no: 'X-1',
					shipping_zip_code: '１００－０００１',
					shipping_prefecture_name: '東京',
					shipping_municipalities: '千代田区',
					shipping_address1: '千代田１－１',
					shipping_full_name: 'テスト',
					shipping_phone_number: '03-0000-0000',
					sender_zip_code: '1000001',
					sender_prefecture_name: '東京都',
					sender_municipalities: '千代田区',
					sender_address1: '千代田1-1',
					sender_full_name: 'ショップ',
					sender_phone_number: '0300000000',
					sender_item_name: 'Tシャツ',
					line_item_code: 'OGB-910',
					line_quantity: 1,
					line_color: 'ホワイト',
					line_size: 'M',
					line_image_front_output_url: 'https://img.example.jp/a.png',
				},
			],
			'orderWithImage',
		);
		const [order] = prepareOrders(rows, 'orderWithImage', { defaults: { retailer_id: 2 } });
		expect(order.problems).toEqual([]);
		expect(order.request).toMatchObject({
			retailer_id: 2,
			ec_order_no: 'X-1',
			ec_order_date: null,
			shipping_information: {
				zip_code: '1000001',
				prefecture_name: '東京都',
				address1: '千代田1-1',
				phone_number: '0300000000',
			},
			order_details: [
				{
					ec_order_detail_no: '',
					item_code: 'OGB-910',
					image_urls: {
						values: [
							{
								position: 'front',
								urls: [{ type: 'Output', url: 'https://img.example.jp/a.png' }],
							},
						],
					},
				},
			],
		});
	});
});
