/** After the defaults, so a default sender's lines are measured too. */
import { LIMITS } from '../../../api/limits';
import { addressWidth, splitAtWidth } from '../../../api/width';
import { change } from './normalize';
import { isPlainObject } from './values';
import type { AddressDraft, AddressOverflowPolicy, NormalizationChange, OrderDraft } from './types';

const ASCII_ALNUM = /[0-9A-Za-z]/;

/** So that a building name moves whole to address2. */
export function splitAddressLine(
	text: string,
	limit: number = LIMITS.addressWidth,
): { head: string; tail: string } {
	const { head, tail } = splitAtWidth(text, limit);
	if (tail === '') return { head, tail };
	if (tail.startsWith(' ')) return { head: head.trimEnd(), tail: tail.trimStart() };
	const space = head.lastIndexOf(' ');
	if (space !== -1 && addressWidth(head.slice(0, space)) >= limit / 2) {
		return { head: head.slice(0, space).trimEnd(), tail: head.slice(space + 1) + tail };
	}
	return { head, tail };
}

function joinAddressParts(first: string, second: string): string {
	// A space keeps `Bldg` and `101` apart; Japanese text joins directly.
	const needsSpace =
		ASCII_ALNUM.test(first.charAt(first.length - 1)) && ASCII_ALNUM.test(second.charAt(0));
	return needsSpace ? `${first} ${second}` : first + second;
}

export interface OverflowResult {
	block: AddressDraft;
	changes: NormalizationChange[];
}

/** `sendAsIs` reports each over-wide line as a change, since the service may cut it off. */
export function applyAddressOverflow(
	block: AddressDraft,
	policy: AddressOverflowPolicy,
	path: string,
): OverflowResult {
	const changes: NormalizationChange[] = [];
	const address1 = block.address1 ?? '';
	const address2 = block.address2 ?? '';
	if (policy === 'sendAsIs') {
		for (const [name, text] of [
			['address1', address1],
			['address2', address2],
		] as const) {
			if (addressWidth(text) > LIMITS.addressWidth) {
				changes.push(change(`${path}.${name}`, 'addressOverflowSentAsIs'));
			}
		}
		return { block, changes };
	}
	if (policy === 'fail' || addressWidth(address1) <= LIMITS.addressWidth) return { block, changes };
	const { head, tail } = splitAddressLine(address1);
	const carried = joinAddressParts(tail, address2);
	if (addressWidth(carried) > LIMITS.addressWidth) return { block, changes };
	changes.push(change(`${path}.address1`, 'addressCarriedToAddress2'));
	return { block: { ...block, address1: head, address2: carried }, changes };
}

export interface OverflowOrderResult {
	order: OrderDraft;
	changes: NormalizationChange[];
}

export function applyOrderAddressOverflow(
	order: OrderDraft,
	policy: AddressOverflowPolicy,
): OverflowOrderResult {
	const result: OrderDraft = { ...order };
	const changes: NormalizationChange[] = [];
	for (const key of ['shipping_information', 'sender_information'] as const) {
		const block = order[key];
		if (!isPlainObject(block)) continue;
		const applied = applyAddressOverflow(block, policy, key);
		result[key] = applied.block;
		changes.push(...applied.changes);
	}
	return { order: result, changes };
}
