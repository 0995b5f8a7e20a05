/** The envelope outcomes other than success, and their fixed messages. */

export const MSG_OK = '成功しました。';
export const MSG_NO_DATA = '該当するデータがありません。';
export const MSG_NO_PERMISSION =
	'権限がありません: retailer_id が API キーの小売事業者と一致しません。';
export const MSG_PAYMENT = '決済エラーが発生しました。お支払い状況をご確認ください。';
export const MSG_SYSTEM = 'システムエラーが発生しました。しばらくしてから再度お試しください。';
export const PARAM_ERROR_PREFIX = 'リクエストパラメータが不正です: ';

/** A status other than 0 and 5 (1, 11, 13, 14, 15...), with fields the error body carries (available_items). */
export class ApiError extends Error {
	constructor(
		readonly statusCode: number,
		message: string,
		readonly extra: Record<string, unknown> = {},
	) {
		super(message);
	}
}

/** A request rule was broken: status 5 with this message. */
export class ParamError extends Error {
	constructor(detail: string) {
		super(PARAM_ERROR_PREFIX + detail);
		this.name = 'ParamError';
	}
}

/** A control API request names something that does not exist (404). */
export class NotFoundError extends Error {}

/** A control API request conflicts with the state (409). */
export class ConflictError extends Error {}
