/** The simulator_sessions table, with an in-memory copy. */
import type { SimulatorSession } from '../domain/records';
import type { Db } from './db';

export class SimulatorSessions {
	private readonly byToken = new Map<string, SimulatorSession>();
	private readonly upsert;

	constructor(private readonly db: Db) {
		this.upsert = db.prepare(
			'INSERT INTO simulator_sessions (token, doc) VALUES (?, ?) ON CONFLICT(token) DO UPDATE SET doc = excluded.doc',
		);
		this.load();
	}

	load(): void {
		this.byToken.clear();
		for (const doc of this.db
			.prepare('SELECT doc FROM simulator_sessions')
			.pluck()
			.all() as string[]) {
			const session = JSON.parse(doc) as SimulatorSession;
			this.byToken.set(session.token, session);
		}
	}

	get(token: string): SimulatorSession | undefined {
		return this.byToken.get(token);
	}

	/** Writes a session in the caller's transaction and keeps it. */
	save(session: SimulatorSession): void {
		this.upsert.run(session.token, JSON.stringify(session));
		this.byToken.set(session.token, session);
	}
}
