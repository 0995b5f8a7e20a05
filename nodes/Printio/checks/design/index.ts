/** README "Design preflight" gives the rules and what a check costs. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { displayUrl, readDesignHead } from './fetchDesign';
import type { HeaderRead } from './imageHeader';
import { designPixels, judgeSize, type PrintArea, type SizeRule } from './printArea';

export type { PrintArea } from './printArea';

export type TooSmallPolicy = 'error' | 'warn';

export interface PreflightSettings {
	rule: SizeRule;
	onTooSmall: TooSmallPolicy;
}

const FORMAT_NAMES = { png: 'PNG', jpeg: 'JPEG', pdf: 'PDF' } as const;

export function preflightOptions(defaultOn: boolean): INodeProperties[] {
	return [{ ...preflightToggle, default: defaultOn }, preflightRule, preflightTooSmall];
}

const preflightToggle: INodeProperties = {
	displayName: 'Check Design Files First',
	name: 'preflight',
	type: 'boolean',
	default: true,
	description:
		'Whether to read the head of each design file first (a few kB, never the whole file) and stop before anything is sent when it is not a PNG, JPG or PDF, cannot be fetched, or has too few pixels for the item’s print area at the item’s print resolution',
};

const preflightRule: INodeProperties = {
	displayName: 'Design Size Rule',
	name: 'preflightRule',
	type: 'options',
	default: 'fit',
	options: [
		{
			name: 'Fit Inside Print Area',
			value: 'fit',
			description:
				'Scaled as large as fits inside the print area, the design keeps the item’s resolution (it reaches the area’s width or height)',
		},
		{
			name: 'Cover Whole Print Area',
			value: 'cover',
			description: 'The design has at least the print area’s pixels in both width and height',
		},
	],
};

const preflightTooSmall: INodeProperties = {
	displayName: 'When Design Is Too Small',
	name: 'preflightTooSmall',
	type: 'options',
	default: 'error',
	options: [
		{ name: 'Stop With an Error', value: 'error', description: 'Nothing is sent for this item' },
		{
			name: 'Send and Warn',
			value: 'warn',
			description: 'Sends it anyway; the output carries preflight.warning',
		},
	],
};

export function preflightSettings(options: IDataObject): PreflightSettings {
	return {
		rule: options.preflightRule === 'cover' ? 'cover' : 'fit',
		onTooSmall: options.preflightTooSmall === 'warn' ? 'warn' : 'error',
	};
}

export async function preflightDesign(
	this: IExecuteFunctions,
	url: string,
	area: PrintArea | undefined,
	settings: PreflightSettings,
	context: { itemIndex: number; itemCode: string },
): Promise<IDataObject> {
	const shown = displayUrl(url);
	const fail = (message: string, description: string) =>
		new NodeOperationError(this.getNode(), `Design preflight: ${message}`, {
			itemIndex: context.itemIndex,
			description: `${description} Nothing was sent to Printio for this item.`,
		});

	const head = await readDesignHead.call(this, url);
	if (head.unreachable !== undefined) {
		throw fail(
			head.unreachable,
			'The design file must be publicly reachable: Printio fetches it from this URL too.',
		);
	}
	const cost = { bytes_read: head.bytesRead, requests: head.requests };
	const read: HeaderRead = head.read;

	if (read.status === 'notDesign') {
		throw fail(
			`${shown} is not a PNG, JPG or PDF file: it is ${read.looksLike}`,
			'A URL ending in .png can still serve a web page (a login or error page, a share link’s preview page). Use the direct download link of the file.',
		);
	}
	if (read.status === 'broken') {
		throw fail(
			`${shown} is a damaged ${FORMAT_NAMES[read.format]} file: ${read.reason}`,
			'Export or upload the design again.',
		);
	}
	if (read.status === 'unreadable' || read.status === 'more') {
		if (!area) return { url: shown, format: read.format, ok: true, size_checked: false, ...cost };
		const reason = read.status === 'unreadable' ? read.reason : 'its header could not be read';
		const message = `the size of ${shown} could not be checked: ${reason}`;
		if (settings.onTooSmall === 'warn')
			return {
				url: shown,
				format: read.format,
				ok: false,
				size_checked: false,
				warning: message,
				...cost,
			};
		throw fail(
			message,
			'Export it again (a PDF with "fast web view"), or set When Design Is Too Small to Send and Warn.',
		);
	}

	const size = read.size;
	const report: IDataObject = { url: shown, format: size.format, ...cost };
	if (size.format === 'pdf') {
		report.page_width_pt = round2(size.widthPt);
		report.page_height_pt = round2(size.heightPt);
	}
	if (!area) {
		if (size.format !== 'pdf')
			Object.assign(report, { width_px: size.width, height_px: size.height });
		return { ok: true, ...report, size_checked: false };
	}
	const pixels = designPixels(size, area.dpi);
	const verdict = judgeSize(pixels, area, settings.rule);
	Object.assign(report, {
		ok: verdict.ok,
		size_checked: true,
		width_px: verdict.widthPx,
		height_px: verdict.heightPx,
		needed_width_px: verdict.neededWidthPx,
		needed_height_px: verdict.neededHeightPx,
		print_area_px: { width: area.widthPx, height: area.heightPx },
		dpi: area.dpi,
		effective_dpi: verdict.effectiveDpi,
		rule: settings.rule,
	});
	if (verdict.ok) return report;

	const what =
		size.format === 'pdf'
			? `its page is ${pixels.widthPx} × ${pixels.heightPx} px at ${area.dpi} dpi`
			: `it is ${pixels.widthPx} × ${pixels.heightPx} px`;
	const mm = area.widthMm && area.heightMm ? ` (${area.widthMm} × ${area.heightMm} mm)` : '';
	const needed =
		settings.rule === 'cover'
			? `at least ${verdict.neededWidthPx} × ${verdict.neededHeightPx} px to cover it`
			: `at least ${verdict.neededWidthPx} × ${verdict.neededHeightPx} px for a design of this shape`;
	const message = `design too small for ${context.itemCode}: ${what}; the print area${mm} at ${area.dpi} dpi needs ${needed} (this one would print at ${verdict.effectiveDpi} dpi)`;
	if (settings.onTooSmall === 'warn') return { ...report, warning: message };
	throw fail(
		message,
		'Ask the designer for a larger export, or set When Design Is Too Small to Send and Warn.',
	);
}

function round2(value: number): number {
	return Math.round(value * 100) / 100;
}
