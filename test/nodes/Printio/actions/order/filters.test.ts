/**
 * The order filters shared by Get Many and Get Statuses, as a unit: the fields the user sees (named for the
 * range they filter), and the date range converted from the workflow's time zone to the API's.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { orderFilters, resolveDateRange } from '../../../../../nodes/Printio/actions/order/filters';
import { NODE } from '../../../shared/printio/transport/fakeContext';

const context = (timezone = 'Europe/Berlin') =>
	({ getNode: () => NODE, getTimezone: () => timezone }) as unknown as IExecuteFunctions;
const resolve = (
	filters: Record<string, unknown>,
	options: Record<string, unknown> = {},
	timezone?: string,
	itemIndex = 0,
) => resolveDateRange.call(context(timezone), itemIndex, filters as never, options as never);
const thrown = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('did not throw');
};

describe('orderFilters', () => {
	it.each(['Created', 'Status Changed'] as const)(
		'names the date range after what it filters: %s',
		(what) => {
			const filters = orderFilters(what);
			expect({ ...filters, options: undefined }).toEqual({
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				options: undefined,
			});
			const lower = what.toLowerCase();
			expect(filters.options).toEqual([
				{
					displayName: `${what} After`,
					name: 'dateTimeFrom',
					type: 'dateTime',
					default: '',
					description: `Only orders ${lower} at or after this time (ignored when an order number is given)`,
				},
				{
					displayName: `${what} Before`,
					name: 'dateTimeTo',
					type: 'dateTime',
					default: '',
					description: `Only orders ${lower} at or before this time (ignored when an order number is given)`,
				},
				{
					displayName: 'EC Order Number',
					name: 'ecOrderNo',
					type: 'string',
					default: '',
					description:
						'Only the order with this order number of yours; other filters are then ignored',
				},
				{
					displayName: 'Order Numbers',
					name: 'orderNo',
					type: 'string',
					default: '',
					placeholder: 'e.g. 100001, 100002',
					description:
						'Only these Printio order numbers, comma-separated; other filters are then ignored',
				},
				{
					displayName: 'Status ID',
					name: 'statusId',
					type: 'number',
					typeOptions: { numberPrecision: 0 },
					default: 1,
					description:
						'Only orders in this status now. Printio does not publish its status IDs; the local sandbox uses 1 received, 2 data check, 3 in production, 4 shipping preparation, 5 shipped, 9 cancelled.',
				},
			]);
		},
	);
});

describe('resolveDateRange', () => {
	it("converts both ends from the workflow's time zone to Tokyo's by default", () => {
		expect(
			resolve({ dateTimeFrom: '2026-11-21 02:00:00', dateTimeTo: '2026-11-21T03:30:00' }),
		).toEqual({ from: '2026-11-21 10:00:00', to: '2026-11-21 11:30:00' });
		expect(resolve({ dateTimeFrom: '2026-11-21 02:00:00' }, { apiTimeZone: '' })).toEqual({
			from: '2026-11-21 10:00:00',
			to: undefined,
		});
	});

	it("uses the API Time Zone option, and the workflow's zone for the input", () => {
		expect(resolve({ dateTimeFrom: '2026-11-21 02:00:00' }, { apiTimeZone: 'UTC' })).toEqual({
			from: '2026-11-21 01:00:00',
			to: undefined,
		});
		expect(resolve({ dateTimeTo: '2026-11-21 02:00:00' }, {}, 'UTC')).toEqual({
			from: undefined,
			to: '2026-11-21 11:00:00',
		});
	});

	it("takes a date-time object (n8n's dateTime parameter in an expression) by its ISO form", () => {
		const at = { toISO: () => '2026-11-21T02:00:00.000+00:00' };
		expect(resolve({ dateTimeFrom: at })).toEqual({ from: '2026-11-21 11:00:00', to: undefined });
	});

	it('leaves out empty, null and absent ends', () => {
		expect(resolve({ dateTimeFrom: '', dateTimeTo: null })).toEqual({
			from: undefined,
			to: undefined,
		});
		expect(resolve({})).toEqual({ from: undefined, to: undefined });
	});

	it('refuses a date that cannot be read, naming the field and the item', () => {
		const after = thrown(() => resolve({ dateTimeFrom: 'soon' }, {}, undefined, 3));
		expect(after).toBeInstanceOf(NodeOperationError);
		expect(after.message).toBe('After is not a valid date-time');
		expect(after.context.itemIndex).toBe(3);
		expect(after.description).toBe(
			'Use a date such as 2026-11-21 10:00:00 or an ISO 8601 date-time.',
		);
		expect(
			thrown(() => resolve({ dateTimeFrom: '2026-11-21 02:00:00', dateTimeTo: 'later' })).message,
		).toBe('Before is not a valid date-time');
	});

	it('refuses an API Time Zone that is not one, before reading the dates', () => {
		const error = thrown(() =>
			resolve({ dateTimeFrom: 'soon' }, { apiTimeZone: 'Mars/Olympus' }, undefined, 2),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('API Time Zone "Mars/Olympus" is not a known time zone');
		expect(error.context.itemIndex).toBe(2);
		expect(error.description).toBe('Use an IANA time zone name such as Asia/Tokyo.');
	});
});
