/** Fewer than two options ("M", "330ml"): a value goes only where the item's catalog says, never by a guess. */
import type { CatalogName } from '../../helpers/catalogNames';
import { describeCatalogNames, matchCatalogName } from '../../helpers/catalogNames';

export interface ItemOptions {
	colors: CatalogName[];
	sizes: CatalogName[];
	/** `original item EC-TS-0001 (item 00001-WHT)` */
	itemLabel: string;
}

/** Undefined when they were not read: nothing is resolved then. */
export type OptionsOf = (code: string) => ItemOptions | undefined;

export interface LineOptions {
	color: string | undefined;
	size: string | undefined;
	/** `color` / `size` then hold it by position (or nothing). */
	singleOption?: string;
}

/** For the fix a refusal proposes. */
export type OptionsSource = 'variantTitle' | 'attributes';

export interface OptionsResolution {
	color: string | undefined;
	size: string | undefined;
	/** Without the field, which the caller names. */
	problem?: { message: string; fix: string };
}

export function needsItemOptions(line: LineOptions): boolean {
	return line.singleOption !== undefined || line.color === undefined || line.size === undefined;
}

const fits = (value: string, names: readonly CatalogName[]) =>
	matchCatalogName(value, names).kind !== 'none';

const FIX: Record<OptionsSource, string> = {
	variantTitle:
		'Give the variant both options ("White / M"), set Shop Order Options › Variant Title: Color Part / Size Part, or give the lines with Overrides › Lines (JSON).',
	attributes:
		'Give the product both attributes (Shop Order Options › Color Attribute / Size Attribute), or give the lines with Overrides › Lines (JSON).',
};

function refusal(
	message: string,
	options: ItemOptions,
	source: OptionsSource,
	read: LineOptions,
): OptionsResolution {
	const list = (names: readonly CatalogName[]) =>
		names.length ? describeCatalogNames(names) : 'none listed';
	return {
		color: read.color,
		size: read.size,
		problem: {
			message,
			fix: `The colours of ${options.itemLabel}: ${list(options.colors)}; its sizes: ${list(options.sizes)}. ${FIX[source]}`,
		},
	};
}

/**
 * A matched value stays as the shop gives it (the catalog match renames and reports it); a filled-in part is the
 * catalog's name.
 */
export function resolveLineOptions(
	line: LineOptions,
	options: ItemOptions | undefined,
	source: OptionsSource,
): OptionsResolution {
	if (options === undefined) return { color: line.color, size: line.size };
	let color = line.color;
	let size = line.size;
	const single = line.singleOption;
	if (single !== undefined) {
		const asColor = fits(single, options.colors);
		const asSize = fits(single, options.sizes);
		if (asColor === asSize) {
			const why = asColor ? 'it is both a colour and a size' : 'it is neither a colour nor a size';
			return refusal(
				`has one option, "${single}": tried as a colour and as a size of ${options.itemLabel}, ${why}`,
				options,
				source,
				line,
			);
		}
		color = asColor ? single : undefined;
		size = asSize ? single : undefined;
	}
	if (color === undefined && options.colors.length === 1) color = options.colors[0].name;
	if (size === undefined && options.sizes.length === 1) size = options.sizes[0].name;
	// One part known, the other not, and the item has several to choose from: which one cannot be told.
	const missing = color === undefined ? 'colour' : size === undefined ? 'size' : undefined;
	const candidates = missing === 'colour' ? options.colors : options.sizes;
	const known = color !== undefined ? 'colour' : 'size';
	const value = color ?? size;
	if (missing !== undefined && value !== undefined && candidates.length > 1) {
		const given =
			single !== undefined
				? `has one option, "${single}": tried as a colour and as a size, it is a ${known} of ${options.itemLabel}`
				: `has the ${known} "${value}" and no ${missing}`;
		return refusal(
			`${given}; ${options.itemLabel} comes in several ${missing}s, so which one cannot be told`,
			options,
			source,
			{ color, size },
		);
	}
	return { color, size };
}
