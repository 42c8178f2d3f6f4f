import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type ErrorName } from '@kestrel/contract';
import { AppError } from '../http/app-error';
import type { TranslateParams } from '../http/i18n';
import type { ClusterBus } from './bus';

/** Nobody heard a command: no node leads its market at the moment, so nothing was done and it may be sent again. */
export class NoOwner extends Error {
  constructor(readonly market: string) {
    super(`no node leads ${market}`);
  }
}

/**
 * No answer came (the leader died while working on the command, or this node is stopping): whether the command
 * was done is not known, so it is not sent again; the caller's reference makes a retry of an order the same order.
 */
export class NoAnswer extends AppError {
  constructor() {
    super('marketUnavailable');
  }
}

type Request<C> = { id: string; replyTo: string; command: C };
type Reply = { id: string; value?: unknown; error?: { reason: string; params?: TranslateParams } };
type Waiting = {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
  /** How many nodes heard the command, once the bus has said. */
  heard: number | undefined;
  answers: number;
  /** A "not here" answer, kept while another node that heard the command may still answer it. */
  heldBack: AppError | undefined;
};

/** Messages for one topic gathered during an event-loop turn, sent as one bus message when the turn ends. */
type Outgoing = { messages: unknown[]; heard: Promise<number> };

type Log = { warn(details: object, message: string): void; error(details: object, message: string): void };

/** How often a command that was not done (no owner yet, an owner handing over) is tried again. */
const RETRY_MS = 100;
/**
 * How long a command waits for its market to have an owner before it is answered as unavailable: longer than a
 * failover takes (a lapsed lease is taken within 5 s).
 */
const OWNER_WAIT_MS = 6000;

/**
 * Commands for a market's book from the node that received them to the node that leads the market (decision
 * 0044): each market has a topic that only its leader hears (`<topic>:<market>`), each node a topic for its
 * answers. The leader runs the command and answers with its result or its refusal, which the asking node throws
 * as the same translated error; an answer that does not come within `answerMs` is `NoAnswer`.
 *
 * The commands sent to one market in one event-loop turn travel as one bus message (a JSON array, in the order
 * they were asked, which is the order the leader runs them in), and so do the answers a leader sends to one node
 * in one turn: under load a relayed order then costs a fraction of a publish and of a message heard, instead of
 * two of each. A message holding one command or answer is that object alone.
 */
export class OwnerRelay<C> {
  private readonly pending = new Map<string, Waiting>();
  private readonly outgoing = new Map<string, Outgoing>();
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly bus: ClusterBus,
    private readonly nodeId: string,
    private readonly topic: string,
    private readonly answerMs: number,
    private readonly log?: Log,
  ) {}

  private get replyTopic() {
    return `${this.topic}-answers:${this.nodeId}`;
  }

  /** Listens for answers to this node's commands. */
  async start(): Promise<void> {
    this.unsubscribe ??= await this.bus.subscribe(this.replyTopic, (message) => this.answered(message));
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const [id, waiting] of this.pending) this.settle(id, waiting, new NoAnswer());
  }

  /** Sends a command to the market's leader and answers what it answered; throws NoOwner when nobody heard. */
  async ask(market: string, command: C): Promise<unknown> {
    const id = randomUUID();
    const request: Request<C> = { id, replyTo: this.replyTopic, command };
    let waiting: Waiting | undefined;
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, this.pending.get(id), new NoAnswer()), this.answerMs);
      waiting = { resolve, reject, timer, heard: undefined, answers: 0, heldBack: undefined };
      this.pending.set(id, waiting);
    });
    const heard = await this.send(`${this.topic}:${market}`, request);
    if (heard === 0) {
      this.drop(id);
      throw new NoOwner(market);
    }
    if (waiting) {
      waiting.heard = heard;
      if (waiting.heldBack && waiting.answers >= heard) this.settle(id, waiting, waiting.heldBack);
    }
    return answer;
  }

  /**
   * Runs a command on the market's book: with `here` when this node owns the market (`here` answers undefined
   * otherwise), else on its owner over the bus. A command that was not done (nobody heard it, or the node that did
   * no longer owns the market) is tried again for a while, then answered as the market unavailable; one heard and
   * not answered is not sent again.
   */
  async run(
    market: string,
    command: C,
    here: (command: C) => Promise<unknown> | undefined,
  ): Promise<unknown> {
    const giveUpAt = performance.now() + OWNER_WAIT_MS;
    for (;;) {
      try {
        return await (here(command) ?? this.ask(market, command));
      } catch (error) {
        const notDone =
          error instanceof NoOwner ||
          (error instanceof AppError && error.reason === 'marketUnavailable' && !(error instanceof NoAnswer));
        if (!notDone) throw error;
        if (performance.now() >= giveUpAt) throw new AppError('marketUnavailable');
      }
      await sleep(RETRY_MS);
    }
  }

  /** Runs the commands sent to a market this node leads, until the answered function is called. */
  serve(market: string, run: (command: C) => Promise<unknown>): Promise<() => Promise<void>> {
    return this.bus.subscribe(`${this.topic}:${market}`, (message) => void this.handle(message, run));
  }

  /**
   * Sends `message` with the others sent to `topic` in this event-loop turn; answers how many nodes heard them
   * (none when the bus failed).
   */
  private send(topic: string, message: unknown): Promise<number> {
    const gathering = this.outgoing.get(topic);
    if (gathering) {
      gathering.messages.push(message);
      return gathering.heard;
    }
    const messages = [message];
    const heard = new Promise<number>((resolve) => {
      setImmediate(() => {
        this.outgoing.delete(topic);
        this.bus
          .publish(topic, JSON.stringify(messages.length === 1 ? messages[0] : messages))
          .then(resolve, (error: unknown) => {
            this.log?.warn({ err: error, topic }, 'market commands or answers could not be sent');
            resolve(0);
          });
      });
    });
    this.outgoing.set(topic, { messages, heard });
    return heard;
  }

  private handle(message: Buffer, run: (command: C) => Promise<unknown>) {
    let requests: Request<C>[];
    try {
      const parsed = JSON.parse(message.toString()) as Request<C> | Request<C>[];
      requests = Array.isArray(parsed) ? parsed : [parsed];
    } catch (error) {
      this.log?.warn({ err: error }, 'an unreadable market command was ignored');
      return;
    }
    // Each command starts before the next one does, so the leader takes them in the order they were sent.
    for (const request of requests) void this.runOne(request, run);
  }

  private async runOne(request: Request<C>, run: (command: C) => Promise<unknown>) {
    let reply: Reply;
    try {
      reply = { id: request.id, value: await run(request.command) };
    } catch (error) {
      if (!(error instanceof AppError)) this.log?.error({ err: error }, 'a market command failed');
      reply = {
        id: request.id,
        error:
          error instanceof AppError
            ? { reason: error.reason, params: error.params }
            : { reason: 'systemBusy' },
      };
    }
    // Not sent (the bus failed): the asking node answers its caller when its wait runs out.
    await this.send(request.replyTo, reply);
  }

  private answered(message: Buffer) {
    let replies: Reply[];
    try {
      const parsed = JSON.parse(message.toString()) as Reply | Reply[];
      replies = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return;
    }
    for (const reply of replies) this.answeredOne(reply);
  }

  private answeredOne(reply: Reply) {
    const waiting = this.pending.get(reply.id);
    // Answered already, or given up on.
    if (!waiting) return;
    waiting.answers += 1;
    if (!reply.error) {
      this.settle(reply.id, waiting, undefined, reply.value);
      return;
    }
    const error = appErrorOf(reply.error);
    // A node that lost the market while it was being handed over says so; the new leader may still answer.
    if (
      error.reason === 'marketUnavailable' &&
      (waiting.heard === undefined || waiting.answers < waiting.heard)
    ) {
      waiting.heldBack = error;
      return;
    }
    this.settle(reply.id, waiting, error);
  }

  private settle(id: string, waiting: Waiting | undefined, error: unknown, value?: unknown) {
    if (!waiting) return;
    this.drop(id);
    if (error) waiting.reject(error);
    else waiting.resolve(value);
  }

  private drop(id: string) {
    const waiting = this.pending.get(id);
    if (waiting) clearTimeout(waiting.timer);
    this.pending.delete(id);
  }
}

function appErrorOf(error: { reason: string; params?: TranslateParams }): AppError {
  return error.reason in ERRORS
    ? new AppError(error.reason as ErrorName, error.params)
    : new AppError('systemBusy');
}
