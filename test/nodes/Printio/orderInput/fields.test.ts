/**
 * Cases generated from the order field table: every field at, below and past its limits, every required
 * field left out, the table's limits equal to the contract's, and the docs' column list equal to the table.
 * A field added to the table gets its cases here without a line of test code.
 */
import * as fs from 'node:fs';

import type { TSchema } from '@sinclair/typebox';

import * as contract from '../../../../api/schema/schemas';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { validateOrder } from '../../../../nodes/Printio/orderInput/validate';
import { LIMITS } from '../../../../api/limits';
import { IMAGE_URL_PATTERN } from '../../../../api/patterns';
import {
	fieldAt,
	fieldsOf,
	formLabel,
	ORDER_FIELDS,
	ORDER_OPERATIONS,
} from '../../../../nodes/Printio/orderInput/fields';
import type { OrderField, OrderOperation } from '../../../../nodes/Printio/orderInput/fields';
import {
	BEGIN,
	END,
	README_WITH_COLUMNS,
	withColumns,
} from '../../../../scripts/docs/order-columns';
import { byCodeOrder, withImageOrder } from './fixtures';

const FIXTURE: Record<OrderOperation, () => OrderDraft> = {
	orderByCode: byCodeOrder,
	orderWithImage: withImageOrder,
};

/** The fixture order of the operation with the field set to `value` (undefined removes it). */
function orderWith(operation: OrderOperation, field: OrderField, value: unknown): OrderDraft {
	const order = FIXTURE[operation]() as Record<string, unknown>;
	let target: Record<string, unknown> = order;
	let key = field.key;
	if (field.part === 'shipping_information' || field.part === 'sender_information') {
		target = order[field.part] as Record<string, unknown>;
	} else if (field.part === 'line') {
		target = (order.order_details as Array<Record<string, unknown>>)[0];
		if (field.kind === 'imageUrl') {
			const [, position, type] = field.key.split('.');
			target.image_urls = { values: [{ position, urls: [{ type, url: value }] }] };
			return order as OrderDraft;
		}
	}
	if (value === undefined) delete target[key];
	else target[key] = value;
	if (field.required === 'either' && value === undefined)
		delete target[(key = field.alternative as string)];
	return order as OrderDraft;
}

/** Problems of the order on this field only (the path with line index 0). */
function problemsAt(operation: OrderOperation, field: OrderField, value: unknown): string[] {
	const at = field.path.replace('order_details[]', 'order_details[0]');
	return validateOrder(orderWith(operation, field, value), operation)
		.filter(
			(problem) =>
				problem.field === at ||
				(field.kind === 'imageUrl' && problem.field.startsWith('order_details[0].image_urls')),
		)
		.map((problem) => problem.message);
}

/** Values at, below and past a field's limits: [description, value, valid]. */
function limitCases(field: OrderField): Array<[string, unknown, boolean]> {
	const limit = field.limit ?? {};
	const cases: Array<[string, unknown, boolean]> = [];
	if (limit.maxLength !== undefined) {
		const max = limit.maxLength;
		cases.push([`${max} characters`, 'A'.repeat(max), true]);
		cases.push([`${max - 1} characters`, 'A'.repeat(max - 1), true]);
		cases.push([`${max + 1} characters`, 'A'.repeat(max + 1), false]);
		cases.push([`${max} characters of 2 UTF-16 units each`, '𠮷'.repeat(max), true]);
	}
	if (limit.width !== undefined) {
		const width = limit.width;
		cases.push([`${width} half-width units`, 'a'.repeat(width), true]);
		cases.push([`${width / 2} full-width characters`, 'あ'.repeat(width / 2), true]);
		cases.push([`${width - 1} half-width units`, 'a'.repeat(width - 1), true]);
		cases.push([`${width + 1} half-width units`, 'a'.repeat(width + 1), false]);
		cases.push([`${width / 2 + 1} full-width characters`, 'あ'.repeat(width / 2 + 1), false]);
	}
	if (limit.digits !== undefined) {
		const { min, max } = limit.digits;
		const digits = (count: number) => `0${'9'.repeat(count - 1)}`;
		cases.push([`${min} digits`, digits(min), true]);
		cases.push([`${max} digits`, digits(max), true]);
		cases.push([`${min - 1} digits`, digits(min - 1), false]);
		cases.push([`${max + 1} digits`, digits(max + 1), false]);
		cases.push([`${min} digits with a hyphen`, `${digits(min - 1)}-9`, false]);
	}
	if (limit.min !== undefined) {
		cases.push([`${limit.min}`, limit.min, true]);
		cases.push([`${limit.min + 1}`, limit.min + 1, true]);
		cases.push([`${limit.min - 1}`, limit.min - 1, false]);
		cases.push([`${limit.min + 0.5}`, limit.min + 0.5, false]);
	}
	if (limit.values !== undefined) {
		for (const value of limit.values) cases.push([`${value}`, value, true]);
		cases.push(['a value outside the list', 99, false]);
	}
	if (limit.pattern !== undefined && limit.digits === undefined) {
		const samples: Record<string, Array<[unknown, boolean]>> = {
			mail: [
				['taro@example.jp', true],
				['a..b.@docomo.ne.jp', true],
				['taro@example', false],
				['taro @example.jp', false],
			],
			date: [
				['2026-11-21', true],
				['2026-2-30', false],
				['2026-02-30', false],
				['21/11/2026', false],
			],
			imageUrl: [
				['https://img.example.jp/a.png', true],
				['http://img.example.jp/a', true],
				['ftp://img.example.jp/a.png', false],
				['https://img.example.jp/a b.png', false],
			],
		};
		for (const [value, valid] of samples[field.kind] ?? [])
			cases.push([JSON.stringify(value), value, valid]);
	}
	return cases;
}

for (const operation of ORDER_OPERATIONS) {
	describe(`${operation}: every field of the table at, below and past its limits`, () => {
		const withLimits = fieldsOf(operation).filter((field) => field.limit !== undefined);

		it('covers every field with a limit', () => {
			expect(withLimits.length).toBeGreaterThan(8);
			for (const field of withLimits)
				expect([field.path, limitCases(field).length > 0]).toEqual([field.path, true]);
		});

		for (const field of withLimits) {
			const cases = limitCases(field);
			if (cases.length === 0) continue;
			const titled = cases.map(
				([name, value, valid]) =>
					[`${name} is ${valid ? 'accepted' : 'refused'}`, value, valid] as const,
			);
			it.each(titled)(`${field.path} (${formLabel(field)}): %s`, (_name, value, valid) => {
				const messages = problemsAt(operation, field, value);
				expect(messages.length === 0).toBe(valid);
			});
		}
	});

	describe(`${operation}: every required field of the table`, () => {
		const requiredFields = fieldsOf(operation).filter((field) => field.required !== 'optional');
		it.each(requiredFields.map((field) => [field.path, field] as const))(
			'%s left out is refused',
			(_path, field) => {
				// Of two alternatives left out, the problem is reported once, on the first of the pair.
				const reportedOn =
					field.required === 'either'
						? fieldsOf(operation).find(
								(entry) => entry.required === 'either' && entry.part === field.part,
							)
						: field;
				const at = (reportedOn as OrderField).path.replace('order_details[]', 'order_details[0]');
				const problems = validateOrder(orderWith(operation, field, undefined), operation);
				expect(problems.map((problem) => [problem.field, problem.message])).toEqual([
					[
						at,
						field.required === 'either'
							? `is required when ${(reportedOn as OrderField).alternative} is empty`
							: 'is required',
					],
				]);
			},
		);

		it.each(
			fieldsOf(operation)
				.filter((field) => field.required === 'optional' && field.part !== 'line')
				.map((field) => [field.path, field] as const),
		)('%s left out is fine', (_path, field) => {
			expect(validateOrder(orderWith(operation, field, undefined), operation)).toEqual([]);
		});
	});
}

describe('every problem names a field of the table', () => {
	it('for each field of each operation, every problem path maps back to a table entry', () => {
		for (const operation of ORDER_OPERATIONS) {
			for (const field of fieldsOf(operation)) {
				for (const [, value] of limitCases(field)) {
					for (const problem of validateOrder(orderWith(operation, field, value), operation)) {
						const known =
							fieldAt(problem.field, operation) !== undefined ||
							problem.field.includes('image_urls');
						expect([problem.field, known]).toEqual([problem.field, true]);
					}
				}
			}
		}
	});
});

// ------------------------------------------------------------------ one place for limits: the contract agrees

/** The contract's schema of a field path in a request schema (`order_details[].x`, image slots as their url). */
function contractSchema(request: TSchema, field: OrderField): TSchema | undefined {
	let schema: TSchema | undefined = request;
	const steps =
		field.kind === 'imageUrl'
			? ['order_details', '[]', 'image_urls', 'values', '[]', 'urls', '[]', 'url']
			: field.path.replace('[]', '.[]').split('.');
	for (const step of steps) {
		schema = unwrap(schema);
		if (schema === undefined) return undefined;
		schema =
			step === '[]'
				? (schema.items as TSchema)
				: (schema.properties as Record<string, TSchema> | undefined)?.[step];
	}
	return unwrap(schema);
}

/** The string/integer member of an Optional/nullable union. */
function unwrap(schema: TSchema | undefined): TSchema | undefined {
	if (schema?.anyOf && !(schema.anyOf as TSchema[]).every((member) => 'const' in member)) {
		return (schema.anyOf as TSchema[]).find((member) => member.type !== 'null');
	}
	return schema;
}

/** Fields where the node is stricter than the contract, and why. */
const STRICTER_THAN_CONTRACT: Record<string, string> = {
	'orderWithImage retailer_id min':
		'spec 4.9 says only "integer"; a retailer ID is >= 1 everywhere else, so 0 is refused before sending',
};

describe('the table reads the same limits and patterns as the contract', () => {
	const requests: Record<OrderOperation, TSchema> = {
		orderByCode: contract.OrderByCodeRequestSchema,
		orderWithImage: contract.OrderWithImageRequestSchema,
	};
	for (const operation of ORDER_OPERATIONS) {
		const fields = fieldsOf(operation).filter(
			(field) =>
				!field.key.includes('<') && field.kind !== 'novelties' && field.kind !== 'imageUrls',
		);
		it.each(fields.map((field) => [field.path, field] as const))(
			`${operation} %s`,
			(_path, field) => {
				const schema = contractSchema(requests[operation], field);
				expect(schema).toBeDefined();
				const limit = field.limit ?? {};
				const minimum = schema?.minimum as number | undefined;
				if (minimum !== undefined || limit.min !== undefined) {
					if (minimum === undefined && STRICTER_THAN_CONTRACT[`${operation} ${field.path} min`])
						return;
					expect(limit.min).toBe(minimum);
				}
				expect(limit.maxLength).toBe(schema?.maxLength);
				expect(limit.pattern).toBe(schema?.pattern);
				if (schema?.anyOf)
					expect(limit.values).toEqual((schema.anyOf as TSchema[]).map((member) => member.const));
			},
		);
	}

	it('the original item image URL pattern refuses an extension in the query string (the drift that was)', () => {
		const pattern = new RegExp(IMAGE_URL_PATTERN);
		expect(pattern.test('https://x.com/a?file.png')).toBe(false);
		expect(pattern.test('https://x.com/a.png?v=1')).toBe(true);
		expect(pattern.test('https://x.com/a.JPEG')).toBe(true);
		expect(contract.OriginalItemCreateImageSchema.properties.url.pattern).toBe(IMAGE_URL_PATTERN);
	});

	it('the contract limits of Original Item › Create are the shared ones', () => {
		const schema = contract.OriginalItemCreateRequestSchema.properties;
		expect(unwrap(schema.ec_original_item_code)?.maxLength).toBe(LIMITS.ecOriginalItemCode);
		expect(unwrap(schema.original_item_name)?.maxLength).toBe(LIMITS.originalItemName);
	});
});

// ------------------------------------------------------------------ the docs list the table's columns

describe('docs', () => {
	it('the column list in the order-input README is the one generated from the table (npm run docs:columns)', () => {
		const readme = fs.readFileSync(README_WITH_COLUMNS, 'utf8');
		expect(readme).toBe(withColumns(readme));
	});

	it('every column of the table appears in the README, and every column named in its tables is in the table', () => {
		const whole = fs.readFileSync(README_WITH_COLUMNS, 'utf8');
		const readme = whole.slice(whole.indexOf(BEGIN), whole.indexOf(END));
		const columns = new Set(ORDER_FIELDS.map((field) => field.column));
		for (const column of columns)
			expect([column, readme.includes(`| \`${column}\` |`)]).toEqual([column, true]);
		const named = [...readme.matchAll(/^\| `([a-z_<>0-9]+)` \|/gm)].map((match) => match[1]);
		for (const column of named) expect([column, columns.has(column)]).toEqual([column, true]);
	});
});
