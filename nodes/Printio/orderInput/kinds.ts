/** Sheets store `0612345` as 612345: a zip code or phone number that lost its leading 0 is reported, never guessed. */
import { PHONE_DIGITS_MIN, ZIP_CODE_DIGITS } from '../../../api/limits';
import type { FieldKind } from './fields';
import type { InputProblem } from './types';
import { isPlainObject } from './values';

export class ItemReader {
	readonly problems: InputProblem[] = [];

	constructor(readonly itemIndex: number) {}

	report(field: string, message: string, fix: string): void {
		this.problems.push({ field, message, fix, itemIndex: this.itemIndex });
	}

	read(value: unknown, field: string, kind: FieldKind): unknown {
		switch (kind) {
			case 'integer':
			case 'choice':
				return this.number(value);
			case 'novelties':
			case 'imageUrls':
				return this.object(value, field, 'object');
			default:
				return this.text(value, field, kind);
		}
	}

	text(value: unknown, field: string, kind: FieldKind = 'text'): string | undefined {
		if (value === undefined || value === null) return undefined;
		if (typeof value === 'string') return value.trim() === '' ? undefined : value;
		if (typeof value === 'number' && Number.isFinite(value)) {
			if (kind !== 'zip' && kind !== 'phone') return String(value);
			if (!Number.isInteger(value) || value < 0) {
				this.report(
					field,
					'is a number that is not a whole number',
					'Give it as text made of digits.',
				);
				return undefined;
			}
			const digits = String(value);
			// Without its 0: 9 digits (a landline) or 10 (a mobile).
			const lost =
				kind === 'zip'
					? digits.length < ZIP_CODE_DIGITS
					: digits.length === PHONE_DIGITS_MIN - 1 || digits.length === PHONE_DIGITS_MIN;
			if (lost) {
				this.report(
					field,
					`was given as a number with ${digits.length} digits; its leading 0 was probably lost`,
					kind === 'zip'
						? `Format the zip code column as text (or start the cell with an apostrophe) and enter the code again with all ${ZIP_CODE_DIGITS} digits.`
						: 'Japanese phone numbers start with 0: format the phone column as text (or start the cell with an apostrophe) and enter the number again.',
				);
			}
			return digits;
		}
		this.report(field, 'must be text', `Give ${field} as text.`);
		return undefined;
	}

	number(value: unknown): unknown {
		if (value === null) return undefined;
		if (typeof value === 'string') {
			const text = value.trim();
			if (text === '') return undefined;
			return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
		}
		return value;
	}

	/** Sheets cannot hold objects: JSON text. */
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
