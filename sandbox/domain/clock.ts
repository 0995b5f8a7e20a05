/**
 * The sandbox's virtual clock. API date-times carry no zone and are Asia/Tokyo wall time
 * (`YYYY-MM-DD HH:mm:ss`); Japan has no daylight saving time, so Tokyo = UTC+9 always.
 * The clock is real time plus an offset, or frozen at a fixed instant.
 */
const TOKYO_OFFSET_MS = 9 * 3600 * 1000;
const DATE_TIME_RE = /^([0-9]{4})-([0-9]{2})-([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2})$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** epoch ms → `YYYY-MM-DD HH:mm:ss` Tokyo wall time */
export function formatTokyo(ms: number): string {
	const d = new Date(ms + TOKYO_OFFSET_MS);
	return (
		`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
		`${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
	);
}

/** `YYYY-MM-DD HH:mm:ss` Tokyo wall time → epoch ms, or undefined if not a real date-time. */
export function parseTokyo(text: string): number | undefined {
	const m = DATE_TIME_RE.exec(text);
	if (!m) return undefined;
	const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
	const utc = Date.UTC(y, mo - 1, d, h, mi, s);
	const back = new Date(utc);
	// Reject 2026-02-31 and 25:00:00, which Date.UTC would silently roll over.
	if (
		back.getUTCMonth() !== mo - 1 ||
		back.getUTCDate() !== d ||
		back.getUTCHours() !== h ||
		mi > 59 ||
		s > 59
	) {
		return undefined;
	}
	return utc - TOKYO_OFFSET_MS;
}

/** `YYYY-MM-DD` (Tokyo) of an epoch ms, plus whole days. */
export function tokyoDate(ms: number, plusDays = 0): string {
	return formatTokyo(ms + plusDays * 86400_000).slice(0, 10);
}

export interface ClockState {
	offsetMs: number;
	frozenAt: number | null;
}

export class VirtualClock {
	private offsetMs = 0;
	private frozenAt: number | null = null;

	constructor(state?: ClockState) {
		if (state) this.restore(state);
	}

	nowMs(): number {
		return this.frozenAt ?? Date.now() + this.offsetMs;
	}

	now(): string {
		return formatTokyo(this.nowMs());
	}

	get frozen(): boolean {
		return this.frozenAt !== null;
	}

	set(ms: number): void {
		if (this.frozenAt !== null) this.frozenAt = ms;
		else this.offsetMs = ms - Date.now();
	}

	advance(seconds: number): void {
		this.set(this.nowMs() + seconds * 1000);
	}

	freeze(on: boolean): void {
		if (on && this.frozenAt === null) this.frozenAt = this.nowMs();
		if (!on && this.frozenAt !== null) {
			this.offsetMs = this.frozenAt - Date.now();
			this.frozenAt = null;
		}
	}

	reset(): void {
		this.offsetMs = 0;
		this.frozenAt = null;
	}

	state(): ClockState {
		return { offsetMs: this.offsetMs, frozenAt: this.frozenAt };
	}

	restore(state: ClockState): void {
		this.offsetMs = state.offsetMs;
		this.frozenAt = state.frozenAt;
	}
}
