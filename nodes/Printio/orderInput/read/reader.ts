/**
 * Reads single values of an input item or a parameter as order input wants them, taking values as given
 * (cleaning is normalisation's job) with two exceptions: an integer field written as plain text (`"2"`) is read
 * as a number, and a text field that arrives as a number is turned into text, after checking that a zip code
 * or phone number did not lose its leading 0 on the way (spreadsheets store `0612345` as 612345): that is
 * reported, never guessed. Problems carry the item index given once, at construction.
 */
import type { InputProblem } from '../types';
import { isPlainObject } from '../values';

export type TextKind = 'text' | 'zip' | 'phone';

export class ItemReader {
	readonly problems: InputProblem[] = [];

	constructor(private readonly itemIndex: number) {}

	report(field: string, message: string, fix: string): void {
		this.problems.push({ field, message, fix, itemIndex: this.itemIndex });
	}

	/** Text field; numbers become text (checking for lost leading zeros); empty becomes undefined. */
	text(value: unknown, field: string, kind: TextKind = 'text'): string | undefined {
		if (value === undefined || value === null) return undefined;
		if (typeof value === 'string') return value.trim() === '' ? undefined : value;
		if (typeof value === 'number' && Number.isFinite(value)) {
			if (kind === 'text') return String(value);
			if (!Number.isInteger(value) || value < 0) {
				this.report(field, 'is a number that is not a whole number', 'Give it as text made of digits.');
				return undefined;
			}
			const digits = String(value);
			if (kind === 'zip' && digits.length < 7) {
				this.report(
					field,
					`was given as a number with ${digits.length} digits; its leading 0 was probably lost`,
					'Format the zip code column as text (or start the cell with an apostrophe) and enter the code again with all 7 digits.',
				);
			} else if (kind === 'phone' && (digits.length === 9 || digits.length === 10)) {
				this.report(
					field,
					`was given as a number with ${digits.length} digits; its leading 0 was probably lost`,
					'Japanese phone numbers start with 0: format the phone column as text (or start the cell with an apostrophe) and enter the number again.',
				);
			}
			return digits;
		}
		this.report(field, 'must be text', `Give ${field} as text.`);
		return undefined;
	}

	/** Integer field: numbers as they are, plain numeric text parsed, other text kept for validation to report. */
	number(value: unknown): unknown {
		if (value === null) return undefined;
		if (typeof value === 'string') {
			const text = value.trim();
			if (text === '') return undefined;
			return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
		}
		return value;
	}

	/** Object field, possibly as a JSON string. */
	object(value: unknown, field: string, expect: 'object' | 'array'): unknown {
		if (value === undefined || value === null) return undefined;
		let parsed: unknown = value;
		if (typeof value === 'string') {
			if (value.trim() === '') return undefined;
			try {
				parsed = JSON.parse(value);
			} catch {
				this.report(field, 'is text that is not valid JSON', `Give ${field} as ${expect === 'array' ? 'a JSON array' : 'a JSON object'}.`);
				return undefined;
			}
		}
		const ok = expect === 'array' ? Array.isArray(parsed) : isPlainObject(parsed);
		if (!ok) {
			this.report(field, `must be ${expect === 'array' ? 'an array' : 'an object'}`, `Give ${field} as ${expect === 'array' ? 'a list' : 'an object'} (or as JSON text).`);
			return undefined;
		}
		return parsed;
	}
}

