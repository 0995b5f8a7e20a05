/** Spec 2.2: the stated pixels are used as they are; only without them computed from the millimetres. */
import type { PdfPageSize, RasterSize } from './imageHeader';

export const DEFAULT_DPI = 200;
const MM_PER_INCH = 25.4;
const POINTS_PER_INCH = 72;

export interface PrintArea {
	widthPx: number;
	heightPx: number;
	dpi: number;
	widthMm?: number;
	heightMm?: number;
}

/** `fit`: scaled to fit inside the area, aspect kept; `cover`: covers the whole area; both at the item's dpi. */
export type SizeRule = 'fit' | 'cover';

export interface SizeVerdict {
	ok: boolean;
	widthPx: number;
	heightPx: number;
	neededWidthPx: number;
	neededHeightPx: number;
	effectiveDpi: number;
}

interface ImageSizeValue {
	value?: unknown;
	mm_size?: unknown;
	px_size?: unknown;
}

export function printAreaOf(item: { simulator_type?: unknown }): PrintArea | undefined {
	const simulator = (item.simulator_type ?? {}) as {
		image_size?: { values?: unknown };
		dpi?: unknown;
	};
	const dpiValue = Number(simulator.dpi);
	const dpi = Number.isFinite(dpiValue) && dpiValue > 0 ? dpiValue : DEFAULT_DPI;
	const values = Array.isArray(simulator.image_size?.values)
		? (simulator.image_size.values as ImageSizeValue[])
		: [];
	const side = (name: 'width' | 'height') => {
		const value = values.find((entry) => entry && entry.value === name);
		if (!value) return undefined;
		const mm = positiveNumber(value.mm_size);
		const px = positiveNumber(value.px_size);
		if (px !== undefined) return { px: Math.round(px), mm };
		if (mm !== undefined) return { px: Math.ceil((mm / MM_PER_INCH) * dpi - 1e-9), mm };
		return undefined;
	};
	const width = side('width');
	const height = side('height');
	if (!width || !height) return undefined;
	return { widthPx: width.px, heightPx: height.px, dpi, widthMm: width.mm, heightMm: height.mm };
}

/** Vector art scales. */
export function designPixels(
	size: RasterSize | PdfPageSize,
	dpi: number,
): { widthPx: number; heightPx: number } {
	if (size.format !== 'pdf') return { widthPx: size.width, heightPx: size.height };
	return {
		widthPx: Math.round((size.widthPt / POINTS_PER_INCH) * dpi),
		heightPx: Math.round((size.heightPt / POINTS_PER_INCH) * dpi),
	};
}

export function judgeSize(
	design: { widthPx: number; heightPx: number },
	area: PrintArea,
	rule: SizeRule,
): SizeVerdict {
	const { widthPx: w, heightPx: h } = design;
	const { widthPx: W, heightPx: H } = area;
	if (rule === 'cover') {
		const scale = Math.max(W / w, H / h);
		return {
			ok: w >= W && h >= H,
			widthPx: w,
			heightPx: h,
			neededWidthPx: W,
			neededHeightPx: H,
			effectiveDpi: Math.floor(area.dpi / scale),
		};
	}
	// In integers (w·H against W·h), so a design exactly at the limit is never refused by a rounding error.
	const widthLimits = w * H >= W * h;
	const scale = widthLimits ? W / w : H / h;
	return {
		ok: widthLimits ? w >= W : h >= H,
		widthPx: w,
		heightPx: h,
		neededWidthPx: widthLimits ? W : Math.ceil((H * w) / h),
		neededHeightPx: widthLimits ? Math.ceil((W * h) / w) : H,
		effectiveDpi: Math.floor(area.dpi / scale),
	};
}

function positiveNumber(raw: unknown): number | undefined {
	const value = typeof raw === 'number' ? raw : Number(String(raw).replace(/[^\d.]/g, ''));
	return Number.isFinite(value) && value > 0 ? value : undefined;
}
