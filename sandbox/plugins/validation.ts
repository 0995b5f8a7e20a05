/**
 * Request validation with the contract's TypeBox schemas (compiled once) and Japanese error messages
 * that name the English field, as the real service answers status 5.
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import * as contract from '../../api/schema/schemas';
import { ParamError } from '../errors';
import { unencapsulated } from './unencapsulated';

const patternText: Record<string, string> = {
	[contract.ZIP_CODE_PATTERN]: '7桁の数字で指定してください（ハイフンなし）',
	[contract.PHONE_NUMBER_PATTERN]: '10桁から15桁の数字で指定してください（ハイフンなし）',
	[contract.MAIL_ADDRESS_PATTERN]: 'メールアドレスの形式で指定してください',
	[contract.DATE_TIME_PATTERN]: 'YYYY-MM-DD HH:mm:ss の形式で指定してください',
	[contract.DATE_PATTERN]: 'YYYY-MM-DD の形式で指定してください',
	[contract.IMAGE_URL_PATTERN]: 'png、jpg、pdf いずれかの形式の画像URLで指定してください',
	[contract.URL_PATTERN]: 'URL（http または https）で指定してください',
	[contract.HEX_COLOR_PATTERN]: 'カラーコード（#RRGGBB）で指定してください',
};

const typeText: Partial<Record<ValueErrorType, string>> = {
	[ValueErrorType.Integer]: '整数',
	[ValueErrorType.Number]: '数値',
	[ValueErrorType.String]: '文字列',
	[ValueErrorType.Boolean]: '真偽値（true または false）',
	[ValueErrorType.Array]: '配列',
	[ValueErrorType.Object]: 'オブジェクト',
	[ValueErrorType.Null]: 'null',
};

/** `/order_details/0/quantity` → `order_details[0].quantity` */
export function fieldName(path: string): string {
	let out = '';
	for (const part of path.split('/').slice(1)) {
		const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
		if (/^[0-9]+$/.test(key)) out += `[${key}]`;
		else out += out === '' ? key : `.${key}`;
	}
	return out;
}

function describe(error: ValueError, basePath: string): string {
	const path = basePath + error.path;
	const field = fieldName(path);
	const schema = error.schema as Record<string, unknown>;
	if (field === '') return 'リクエストボディは JSON オブジェクトで指定してください。';
	switch (error.type) {
		case ValueErrorType.ObjectRequiredProperty:
			return `${field} は必須です。`;
		case ValueErrorType.IntegerMinimum:
		case ValueErrorType.NumberMinimum:
			return `${field} は${String(schema.minimum)}以上の値で指定してください。`;
		case ValueErrorType.IntegerMaximum:
		case ValueErrorType.NumberMaximum:
			return `${field} は${String(schema.maximum)}以下の値で指定してください。`;
		case ValueErrorType.StringMaxLength:
			return `${field} は${String(schema.maxLength)}文字以内で指定してください。`;
		case ValueErrorType.StringMinLength:
			return schema.minLength === 1
				? `${field} は空にできません。`
				: `${field} は${String(schema.minLength)}文字以上で指定してください。`;
		case ValueErrorType.StringPattern: {
			const text = patternText[String(schema.pattern)];
			// A space before Latin words ("は png、jpg..."), none before digits (the reference style "は7桁の数字").
			if (text) return `${field} は${/^[A-Za-z]/.test(text) ? ' ' : ''}${text}。`;
			return `${field} の形式が不正です。`;
		}
		case ValueErrorType.ArrayMinItems:
			return `${field} は${String(schema.minItems)}件以上指定してください。`;
		case ValueErrorType.ArrayMaxItems:
			return `${field} は${String(schema.maxItems)}件以内で指定してください。`;
		case ValueErrorType.Literal:
			return `${field} は ${JSON.stringify(schema.const)} で指定してください。`;
		case ValueErrorType.Union: {
			const alternatives = (schema.anyOf ?? []) as Array<Record<string, unknown>>;
			if (alternatives.length > 0 && alternatives.every((a) => 'const' in a)) {
				return `${field} は次のいずれかで指定してください: ${alternatives.map((a) => String(a.const)).join(', ')}。`;
			}
			// "X or null": explain why the value is not a valid X.
			const nonNull = alternatives.filter((a) => a.type !== 'null');
			if (nonNull.length === 1) {
				const inner = Value.Errors(nonNull[0] as TSchema, error.value).First();
				if (inner) return describe(inner, path);
			}
			return `${field} の形式が不正です。`;
		}
		default: {
			const t = typeText[error.type];
			if (t) return `${field} は${t}で指定してください。`;
			return `${field} の値が不正です。`;
		}
	}
}

export interface Validator<T> {
	/** Returns the value, or throws ParamError naming the first broken rule. */
	parse(value: unknown): T;
}

export function compile<T>(schema: TSchema): Validator<T> {
	const check: TypeCheck<TSchema> = TypeCompiler.Compile(schema);
	return {
		parse(value: unknown): T {
			if (check.Check(value)) return value as T;
			if (value === undefined || value === null)
				throw new ParamError('リクエストボディは必須です。');
			const first = check.Errors(value).First();
			throw new ParamError(first ? describe(first, '') : '値が不正です。');
		},
	};
}

/**
 * Query strings arrive as strings: turn integer-looking values of integer parameters into numbers
 * (and nothing else, so "1.5" or "abc" still fail the schema). Repeated parameters stay arrays and fail.
 */
export function coerceQuery(
	schema: TSchema,
	raw: Record<string, unknown>,
): Record<string, unknown> {
	const props = (schema.properties ?? {}) as Record<string, { type?: string }>;
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(raw)) {
		const type = props[key]?.type;
		if (
			(type === 'integer' || type === 'number') &&
			typeof value === 'string' &&
			/^-?[0-9]{1,15}$/.test(value)
		) {
			out[key] = Number(value);
		} else {
			out[key] = value;
		}
	}
	return out;
}

/**
 * Routes validate with their schema (from the contract's endpoint table) through `compile`: a broken rule
 * is a ParamError, which envelopeErrors answers with status 5. Query strings are coerced first.
 */
export const validation = unencapsulated(async (app) => {
	app.setValidatorCompiler(({ schema, httpPart }) => {
		const validator = compile<unknown>(schema as TSchema);
		return (data: unknown) => {
			try {
				const input =
					httpPart === 'querystring'
						? coerceQuery(schema as TSchema, data as Record<string, unknown>)
						: data;
				return { value: validator.parse(input) };
			} catch (error) {
				return { error: error as Error };
			}
		};
	});
});
