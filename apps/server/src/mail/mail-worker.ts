import type { Db } from '../db/client';
import type { MailOutboxRow } from './mail-outbox.repository';
import {
  claimDueMail,
  deleteSentMailBefore,
  markMailAttemptFailed,
  markMailSent,
} from './mail-outbox.repository';
import type { MailTransport } from './mail-transport';

export type MailWorkerLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type MailWorkerOptions = {
  /** Sender of every message (MAIL_FROM). */
  from: string;
  /** Right-hand side of Message-IDs: the app's host name. */
  messageIdDomain: string;
  log: MailWorkerLog;
  /** How often to look for due mail when nothing woke the worker. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** How long a claimed row stays reserved for its sender before another worker may retry it. */
  leaseMs?: number;
  /** Delay after the first failed attempt; doubled after each further one, up to backoffMaxMs. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** After this many failed attempts a row is marked `failed` and left for a person to look at. */
  maxAttempts?: number;
  /** How long delivered mail is kept before it is deleted. */
  keepSentMs?: number;
};

export const MAIL_WORKER_DEFAULTS = {
  pollIntervalMs: 1000,
  batchSize: 10,
  leaseMs: 60_000,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  maxAttempts: 10,
  keepSentMs: 7 * 24 * 60 * 60_000,
} as const;

/** Delay before attempt `attempts + 1`: base · 2^(attempts − 1), capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/**
 * Delivers the outbox: polls for due rows (FOR UPDATE SKIP LOCKED, so any number of server
 * processes can run one), sends each through the transport, and records success or schedules a
 * retry with exponential backoff. Delivery is at least once: a process that dies between sending
 * and recording leaves the row to be sent again when its lease runs out.
 */
export class MailWorker {
  private readonly options: Required<Omit<MailWorkerOptions, 'log'>> & { log: MailWorkerLog };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private started = false;
  private nextHousekeepingAt = 0;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    options: MailWorkerOptions,
  ) {
    this.options = { ...MAIL_WORKER_DEFAULTS, ...options };
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.wake();
  }

  /** Stops polling and waits for the batch in flight, so the database can close after it. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Looks for due mail now rather than at the next poll. */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.loop().finally(() => {
      this.running = undefined;
      if (this.started) this.schedule();
    });
  }

  /**
   * Delivers everything due now, attempt by attempt, and resolves with how many were sent.
   * Tests call it instead of waiting for a poll; it runs beside a started worker safely.
   */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      // A poll in flight may hold claimed rows: wait for it, so "drained" means delivered.
      await this.running;
      const batch = await this.deliverBatch();
      sent += batch.sent;
      if (batch.claimed === 0 && !this.running) return sent;
    }
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.rerun) {
      this.rerun = false;
      this.wake();
      return;
    }
    this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs);
    // The poll alone must not keep a process alive that has nothing else to do.
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    try {
      await this.housekeeping();
      // Keep going while full batches come back: there is more due.
      while (this.started) {
        const batch = await this.deliverBatch();
        if (batch.claimed < this.options.batchSize) break;
      }
    } catch (error) {
      // A database hiccup must not stop delivery for good: log it and poll again later.
      this.options.log.error({ err: error }, 'mail worker: polling the outbox failed');
    }
  }

  private async deliverBatch(): Promise<{ claimed: number; sent: number }> {
    const rows = await claimDueMail(this.db, {
      limit: this.options.batchSize,
      leaseMs: this.options.leaseMs,
    });
    let sent = 0;
    for (const row of rows) if (await this.deliver(row)) sent++;
    return { claimed: rows.length, sent };
  }

  private async deliver(row: MailOutboxRow): Promise<boolean> {
    try {
      await this.transport.send({
        ...row,
        from: this.options.from,
        messageId: `<outbox-${row.id}.${row.createdAt.getTime()}@${this.options.messageIdDomain}>`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = row.attempts >= this.options.maxAttempts;
      const retryIn = final
        ? null
        : retryDelayMs(row.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs);
      await markMailAttemptFailed(this.db, row.id, message.slice(0, 2000), retryIn);
      this.options.log.warn(
        { mailId: row.id, attempts: row.attempts, retryInMs: retryIn, err: message },
        final ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      );
      return false;
    }
    await markMailSent(this.db, row.id);
    return true;
  }

  private async housekeeping(): Promise<void> {
    const now = Date.now();
    if (now < this.nextHousekeepingAt) return;
    this.nextHousekeepingAt = now + HOUSEKEEPING_INTERVAL_MS;
    await deleteSentMailBefore(this.db, new Date(now - this.options.keepSentMs));
  }
}
