/**
 * The column list of order input in the docs, generated from the order field table
 * (nodes/Printio/orderInput/fields.ts), so the two cannot drift: `npm run docs:columns` rewrites the part of
 * docs/order-input.md between the markers, and test/nodes/Printio/orderInput/fields.test.ts fails when it is out of date.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { fieldsOf, formLabel, ORDER_FIELDS } from '../../nodes/Printio/orderInput/fields';
import type { OrderField } from '../../nodes/Printio/orderInput/fields';

export const README_WITH_COLUMNS = path.join(__dirname, '../../docs/order-input.md');
export const BEGIN =
	'<!-- order-columns:begin (generated from nodes/Printio/orderInput/fields.ts: npm run docs:columns) -->';
export const END = '<!-- order-columns:end -->';

function operations(field: OrderField): string {
	if (field.operations.length === 2) return 'both';
	return field.operations[0] === 'orderByCode' ? 'order-by-code' : 'order-with-image';
}

function required(field: OrderField): string {
	switch (field.required) {
		case 'required':
			return 'yes';
		case 'optional':
			return 'no';
		case 'default':
			return 'yes (default: the credential)';
		case 'either': {
			const other = ORDER_FIELDS.find(
				(entry) => entry.part === field.part && entry.key === field.alternative,
			);
			return `this or \`${other?.column}\``;
		}
	}
}

function row(cells: string[]): string {
	return `| ${cells.join(' | ')} |`;
}

/** The three column tables (order fields, address blocks, lines) as markdown. */
export function renderOrderColumns(): string {
	const lines: string[] = [];
	const all = ORDER_FIELDS;

	lines.push('### Order fields (one value per order)', '');
	lines.push(
		row(['Column', 'Form field', 'Operation', 'Required', 'Rule']),
		row(['---', '---', '---', '---', '---']),
	);
	for (const field of all.filter((entry) => entry.part === 'order')) {
		lines.push(
			row([
				`\`${field.column}\``,
				formLabel(field),
				operations(field),
				required(field),
				field.description,
			]),
		);
	}

	lines.push('', '### Address columns', '');
	lines.push(
		row(['Recipient column', 'Sender column', 'Form field', 'Required', 'Rule']),
		row(['---', '---', '---', '---', '---']),
	);
	const sender = fieldsOf('orderByCode').filter((entry) => entry.part === 'sender_information');
	for (const field of sender) {
		const recipient = all.find(
			(entry) => entry.part === 'shipping_information' && entry.key === field.key,
		);
		lines.push(
			row([
				recipient ? `\`${recipient.column}\`` : '',
				`\`${field.column}\``,
				recipient ? `${formLabel(recipient)} / ${formLabel(field)}` : formLabel(field),
				required(field),
				field.description,
			]),
		);
	}

	lines.push('', '### Line columns (one row = one order line)', '');
	lines.push(
		row(['Column', 'Form field', 'Operation', 'Required', 'Rule']),
		row(['---', '---', '---', '---', '---']),
	);
	for (const field of all.filter((entry) => entry.part === 'line')) {
		lines.push(
			row([
				`\`${field.column}\``,
				formLabel(field),
				operations(field),
				required(field),
				field.description,
			]),
		);
	}
	return lines.join('\n');
}

/** The README with its generated part replaced. */
export function withColumns(readme: string): string {
	const begin = readme.indexOf(BEGIN);
	const end = readme.indexOf(END);
	if (begin < 0 || end < begin) throw new Error(`markers ${BEGIN} … ${END} not found`);
	return `${readme.slice(0, begin + BEGIN.length)}\n${renderOrderColumns()}\n${readme.slice(end)}`;
}

if (require.main === module) {
	const readme = fs.readFileSync(README_WITH_COLUMNS, 'utf8');
	fs.writeFileSync(README_WITH_COLUMNS, withColumns(readme));
	console.log(`wrote the order columns into ${path.relative(process.cwd(), README_WITH_COLUMNS)}`);
}
