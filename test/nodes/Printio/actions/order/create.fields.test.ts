/**
 * The form of Order › Create and Create With Images against the order field table the input reader reads
 * (orderInput/fields.ts): every field the reader asks for is on the form under that parameter name, in its
 * group, with the name the table gives it; the defaults are the ones the run assumes when an option is unset;
 * each operation has only its own fields.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { orderCreateFields } from '../../../../../nodes/Printio/actions/order/create.fields';
import {
	LATE_COMMIT_WAIT_MS,
	MAX_CONCURRENCY,
} from '../../../../../nodes/Printio/placement/placement';
import type { ChangedRedelivery } from '../../../../../nodes/Printio/placement/changedRedelivery';
import type { AddressOverflowPolicy } from '../../../../../nodes/Printio/orderInput';
import { fieldsOf, formLabel } from '../../../../../nodes/Printio/orderInput/fields';

const OPERATIONS = ['orderByCode', 'orderWithImage'] as const;
const byName = (properties: readonly INodeProperties[], name: string) =>
	properties.find((property) => property.name === name);
const optionsOf = (form: INodeProperties[]) =>
	(byName(form, 'options')?.options ?? []) as INodeProperties[];
const lineValues = (form: INodeProperties[]) =>
	((byName(form, 'lines')?.options ?? []) as INodePropertyCollection[])[0]?.values ?? [];
const defineBelow = { show: { inputMode: ['defineBelow'] } };

describe.each(OPERATIONS)('orderCreateFields(%s)', (operation) => {
	const form = orderCreateFields(operation);

	it('shows every recipient and sender field the reader reads, named as the field table names it, in Define Below', () => {
		for (const field of fieldsOf(operation).filter(
			(entry) =>
				entry.group === 'Recipient' || entry.group === 'Sender' || entry.group === undefined,
		)) {
			const property = byName(form, field.parameter);
			expect(property).toBeDefined();
			expect(property?.displayName).toBe(field.group ? `${field.group} ${field.name}` : field.name);
			expect(property?.displayOptions).toEqual(defineBelow);
			expect(property?.type).toBe('string');
			expect(property?.default).toBe('');
			// Only the recipient's own required fields are required on the form (the sender may come from the credential).
			if (field.group === 'Recipient')
				expect(property?.required).toBe(field.required === 'required');
			if (field.group === 'Sender' && field.parameter !== 'senderItemName') {
				expect(property?.required).toBe(false);
				expect(property?.description).toMatch(
					/\. Leave the whole sender empty to use the credential's Shop Sender$/,
				);
			}
		}
		expect(byName(form, 'shippingMailAddress')?.placeholder).toBe('name@email.com');
		expect(byName(form, 'shippingZipCode')?.placeholder).toBe('e.g. 1500001');
		expect(byName(form, 'shippingFullName')?.description).toBe('Name of the recipient');
		expect(byName(form, 'senderFullName')?.description).toBe(
			"Name of the sender. Leave the whole sender empty to use the credential's Shop Sender",
		);
	});

	it('shows every line field the reader reads in the Lines collection', () => {
		const values = lineValues(form);
		for (const field of fieldsOf(operation).filter(
			(entry) =>
				entry.group === 'Lines' &&
				entry.kind !== 'imageUrls' &&
				entry.parameter !== 'ecOriginalItemCode',
		)) {
			expect(values.map((value) => value.name)).toContain(field.parameter);
			if (field.kind === 'imageUrl')
				expect(byName(values, field.parameter)).toEqual(
					expect.objectContaining({ displayName: field.name, type: 'string', default: '' }),
				);
		}
		expect(byName(values, 'quantity')).toEqual(
			expect.objectContaining({
				type: 'number',
				default: 1,
				typeOptions: { minValue: 1, numberPrecision: 0 },
			}),
		);
		expect(byName(form, 'lines')).toEqual(
			expect.objectContaining({
				typeOptions: { multipleValues: true, sortable: true },
				displayOptions: { show: { inputMode: ['defineBelow'], linesInputMode: ['fields'] } },
			}),
		);
		expect(byName(form, 'linesInputMode')).toEqual(
			expect.objectContaining({ default: 'fields', displayOptions: defineBelow }),
		);
		expect(byName(form, 'linesJson')).toEqual(
			expect.objectContaining({
				default: '[]',
				displayOptions: { show: { inputMode: ['defineBelow'], linesInputMode: ['json'] } },
			}),
		);
	});

	it("lists each line's colours and sizes from the catalog record of the item chosen on the same line", () => {
		const values = lineValues(form);
		const kind =
			operation === 'orderByCode'
				? { method: 'getOriginalItem', watch: '&originalItemCode.value' }
				: { method: 'getItem', watch: '&itemCode.value' };
		expect(byName(values, 'color')).toEqual(
			expect.objectContaining({
				displayName: 'Color Name or ID',
				type: 'options',
				typeOptions: {
					loadOptionsMethod: `${kind.method}Colors`,
					loadOptionsDependsOn: [kind.watch],
				},
			}),
		);
		expect(byName(values, 'size')).toEqual(
			expect.objectContaining({
				displayName: 'Size Name or ID',
				type: 'options',
				typeOptions: {
					loadOptionsMethod: `${kind.method}Sizes`,
					loadOptionsDependsOn: [kind.watch],
				},
			}),
		);
	});

	it("errors name each line field in the words of the form: Lines › and the field's name in the Lines collection", () => {
		const values = lineValues(form);
		for (const field of fieldsOf(operation).filter(
			(entry) => entry.group === 'Lines' && entry.kind !== 'imageUrls',
		)) {
			// The EC code is a mode of the Original Item locator (By EC Code), not a field of its own.
			const shown =
				field.parameter === 'ecOriginalItemCode'
					? `${byName(values, 'originalItemCode')?.displayName} › By EC Code`
					: byName(values, field.parameter)?.displayName;
			expect(formLabel(field)).toBe(`Lines › ${shown}`);
		}
		if (operation === 'orderByCode') {
			const modes = (byName(values, 'originalItemCode')?.modes ?? []).map(
				(mode) => mode.displayName,
			);
			expect(modes).toContain('By EC Code');
		}
	});

	it('shows every option the reader reads, with the defaults the run assumes when it is unset', () => {
		const options = optionsOf(form);
		for (const field of fieldsOf(operation).filter((entry) => entry.group === 'Options'))
			expect(options.map((option) => option.name)).toContain(field.parameter);
		const defaults = Object.fromEntries(options.map((option) => [option.name, option.default]));
		expect(defaults).toEqual(
			expect.objectContaining({
				addressOverflow: 'carryToAddress2',
				changedRedelivery: 'flag',
				checkDuplicates: true,
				checkStock: false,
				groupByEcOrderNo: false,
				concurrency: 2,
				normalize: true,
				batchPauseMs: 0,
				validateOnly: false,
				lateCommitWaitSeconds: LATE_COMMIT_WAIT_MS / 1000,
			}),
		);
		expect(byName(options, 'concurrency')?.typeOptions).toEqual({
			minValue: 1,
			maxValue: MAX_CONCURRENCY,
			numberPrecision: 0,
		});
		expect(byName(options, 'lateCommitWaitSeconds')?.typeOptions).toEqual({
			minValue: 1,
			maxValue: 120,
			numberPrecision: 0,
		});
		expect(byName(options, 'batchPauseMs')?.typeOptions).toEqual({
			minValue: 0,
			numberPrecision: 0,
		});
		expect(
			(byName(options, 'addressOverflow')?.options as INodePropertyOptions[]).map((o) => o.value),
		).toEqual(['carryToAddress2', 'fail', 'sendAsIs'] satisfies AddressOverflowPolicy[]);
		expect(
			(byName(options, 'changedRedelivery')?.options as INodePropertyOptions[]).map((o) => o.value),
		).toEqual(['flag', 'error'] satisfies ChangedRedelivery[]);
	});

	it('starts in Define Below, with Map Columns through the column mapper', () => {
		const mode = byName(form, 'inputMode');
		expect(mode?.default).toBe('defineBelow');
		const modes = (mode?.options as INodePropertyOptions[]).map((o) => o.value);
		expect(modes.slice(0, 2)).toEqual(['defineBelow', 'autoMap']);
		expect(byName(form, 'columns')).toEqual(
			expect.objectContaining({
				type: 'resourceMapper',
				default: { mappingMode: 'autoMapInputData', value: null },
				displayOptions: { show: { inputMode: ['autoMap'] } },
				typeOptions: expect.objectContaining({
					resourceMapper: expect.objectContaining({
						resourceMapperMethod: 'getOrderColumns',
						supportAutoMap: true,
					}),
				}),
			}),
		);
	});
});

describe('orderCreateFields: what differs between the operations', () => {
	const byCode = orderCreateFields('orderByCode');
	const withImage = orderCreateFields('orderWithImage');

	it('shop input modes only for Order › Create', () => {
		expect(
			(byName(byCode, 'inputMode')?.options as INodePropertyOptions[]).map((o) => o.value),
		).toEqual(['defineBelow', 'autoMap', 'shopifyOrder', 'wooCommerceOrder']);
		expect(
			(byName(withImage, 'inputMode')?.options as INodePropertyOptions[]).map((o) => o.value),
		).toEqual(['defineBelow', 'autoMap']);
		expect(byCode.length).toBeGreaterThan(withImage.length);
	});

	it('novelties, shipping method and team ID for Order › Create; the design preflight for Create With Images', () => {
		const names = (form: INodeProperties[]) => optionsOf(form).map((option) => option.name);
		for (const name of ['novelties', 'shippingMethod', 'teamId']) {
			expect(names(byCode)).toContain(name);
			expect(names(withImage)).not.toContain(name);
		}
		expect(names(withImage)).toContain('preflight');
		expect(names(byCode)).not.toContain('preflight');
		expect(byName(optionsOf(byCode), 'shippingMethod')).toEqual(
			expect.objectContaining({ default: 0 }),
		);
		expect(
			(byName(optionsOf(byCode), 'shippingMethod')?.options as INodePropertyOptions[]).map(
				(o) => o.value,
			),
		).toEqual([0, 1, 2]);
	});

	it('the lines: an original item for Order › Create, an item and eight image addresses for Create With Images', () => {
		expect(lineValues(byCode).map((v) => v.name)).toEqual([
			'originalItemCode',
			'color',
			'size',
			'quantity',
			'ecOrderDetailNo',
		]);
		expect(lineValues(withImage).map((v) => v.name)).toEqual([
			'itemCode',
			'color',
			'size',
			'quantity',
			'frontOutputUrl',
			'frontThumbnailUrl',
			'backOutputUrl',
			'backThumbnailUrl',
			'leftOutputUrl',
			'leftThumbnailUrl',
			'rightOutputUrl',
			'rightThumbnailUrl',
			'ecOrderDetailNo',
		]);
		expect(byName(lineValues(withImage), 'backOutputUrl')?.description).toBe(
			'URL of the print data for the back position (leave empty when not printed there)',
		);
		expect(byName(lineValues(withImage), 'leftThumbnailUrl')?.description).toBe(
			'URL of the thumbnail for the left position (leave empty when not printed there)',
		);
	});
});
