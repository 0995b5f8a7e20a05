/**
 * Values are taken as given (cleaning is normalisation's job), but integer text (`"2"`) becomes a number and a number
 * in a text field becomes text. A zip code or phone number that lost its leading 0 (sheets store `0612345` as
 * 612345) is reported, never guessed.
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

	text(value: unknown, field: string, kind: TextKind = 'text'): string | undefined {
		if (value === undefined || value === null) return undefined;
		if (typeof value === 'string') return value.trim() === '' ? undefined : value;
		if (typeof value === 'number' && Number.isFinite(value)) {
			if (kind === 'text') return String(value);
			if (!Number.isInteger(value) || value < 0) {
				this.report(
					field,
					'is a number that is not a whole number',
					'Give it as text made of digits.',
				);
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

	/** Other text is kept for validation to report. */
	number(value: unknown): unknown {
		if (value === null) return undefined;
		if (typeof value === 'string') {
			const text = value.trim();
			if (text === '') return undefined;
			return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
		}
		return value;
	}

	/** Possibly JSON text: sheets cannot hold objects. */
	object(value: unknown, field: string, expect: 'object' | 'array'): unknown {
		if (value === undefined || value === null) return undefined;
		let parsed: unknown = value;
		if (typeof value === 'string') {
			if (value.trim() === '') return undefined;
			try {
				parsed = JSON.parse(value);
			} catch {
				this.report(
					field,
					'is text that is not valid JSON',
					`Give ${field} as ${expect === 'array' ? 'a JSON array' : 'a JSON object'}.`,
				);
				return undefined;
			}
		}
		const ok = expect === 'array' ? Array.isArray(parsed) : isPlainObject(parsed);
		if (!ok) {
			this.report(
				field,
				`must be ${expect === 'array' ? 'an array' : 'an object'}`,
				`Give ${field} as ${expect === 'array' ? 'a list' : 'an object'} (or as JSON text).`,
			);
			return undefined;
		}
		return parsed;
	}
}
