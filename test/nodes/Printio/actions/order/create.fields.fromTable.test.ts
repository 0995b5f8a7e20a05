/**
 * Define Below as generated from the order field table (nodes/Printio/actions/order/create.fields.ts), beyond
 * create.fields.test.ts: each field of the table the form shows appears once, in its own place (an option never at
 * the top as well), and a generated property carries only the keys the table gives it (no empty placeholder).
 */
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { orderCreateFields } from '../../../../../nodes/Printio/actions/order/create.fields';
import { fieldsOf } from '../../../../../nodes/Printio/orderInput/fields';

const OPERATIONS = ['orderByCode', 'orderWithImage'] as const;
const byName = (properties: readonly INodeProperties[], name: string) =>
	properties.filter((property) => property.name === name);
const optionsOf = (form: INodeProperties[]) =>
	(byName(form, 'options')[0]?.options ?? []) as INodeProperties[];
const lineValues = (form: INodeProperties[]) =>
	((byName(form, 'lines')[0]?.options ?? []) as INodePropertyCollection[])[0]?.values ?? [];

describe.each(OPERATIONS)('orderCreateFields(%s) from the field table', (operation) => {
	const form = orderCreateFields(operation);

	it('shows each field of the table that has a form once: an option in Options only, a line field in Lines only', () => {
		for (const field of fieldsOf(operation).filter((entry) => entry.form !== undefined)) {
			const top = byName(form, field.parameter).length;
			const options = byName(optionsOf(form), field.parameter).length;
			const lines = byName(lineValues(form), field.parameter).length;
			expect({ field: field.path, top, options, lines }).toEqual({
				field: field.path,
				top: field.group === 'Options' || field.group === 'Lines' ? 0 : 1,
				options: field.group === 'Options' ? 1 : 0,
				lines: field.group === 'Lines' ? 1 : 0,
			});
		}
	});
});

describe('a generated property', () => {
	it('carries only the keys its table entry gives: Shipping Method has no placeholder and no description key', () => {
		const [shippingMethod] = byName(optionsOf(orderCreateFields('orderByCode')), 'shippingMethod');
		expect(shippingMethod).toStrictEqual({
			displayName: 'Shipping Method',
			name: 'shippingMethod',
			type: 'options',
			options: [
				{ name: 'Default', value: 0, description: "Printio's default" },
				{ name: 'Small Parcel Mail', value: 1 },
				{ name: 'Home Delivery Parcel', value: 2 },
			],
			default: 0,
		});
	});
});
