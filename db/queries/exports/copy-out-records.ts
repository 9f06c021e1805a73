import { Readable } from 'node:stream';

// Backend messages of the copy-out protocol (PostgreSQL's protocol docs, "COPY Operations").
const COPY_DATA = 0x64; // 'd'
const ERROR_RESPONSE = 0x45; // 'E'
/** Messages the backend may send between CopyOutResponse and CopyDone; anything else ends the copy. */
const INTERSPERSED = new Set([
  0x48 /* CopyOutResponse */,
  COPY_DATA,
  0x53,
  0x4e,
  0x41 /* ParameterStatus, Notice, Notification */,
]);
const HEADER_BYTES = 5;
const LF = 0x0a;
/** The smallest output buffer: a socket read is at most 64 KiB. */
const OUTPUT_BYTES = 64 * 1024 + 64;

/** The driver's side of a pg connection, as far as a copy-out reads it. */
interface PgConnection {
  stream: Readable;
  query(text: string): void;
}

export interface CopyOutOptions {
  /** Bytes that end each record in the output, instead of the LF COPY ends it with. */
  recordEnd: Buffer;
  /** Bytes before the first record (a byte order mark). */
  preamble?: Buffer;
  /** Records so far (the header row included), once per socket read. */
  onRecords?: (records: number) => void;
}

/**
 * `COPY ... TO STDOUT` as a stream of whole socket reads: the rows of each read of the connection
 * copied into one buffer (one its reader handed back with recycle(), when there is one), each
 * record's ending LF replaced by `recordEnd`. PostgreSQL sends one
 * CopyData message per row (a LF inside a quoted csv field stays inside its message), so the
 * record ends are known from the protocol without reading the bytes. It replaces
 * pg-copy-streams' `to` plus a line-ending transform: those made one buffer object per row and
 * joined them, and the transform then searched every chunk for its record ends
 * (docs/performance.md, "Exports"). A pg submittable, as pg-copy-streams' streams are:
 * `client.query(new CopyOutRecords(sql, options))`.
 */
export class CopyOutRecords extends Readable {
  /** Rows copied, from the CommandComplete message (the header row not included). */
  rowCount = 0;
  /** Records pushed (the header row included). */
  records = 0;
  /** Bytes pushed, preamble included. */
  bytes = 0;
  private connection: PgConnection | null = null;
  private pgDataHandler: ((chunk: Buffer) => void) | null = null;
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private headerHave = 0;
  /** Content bytes of the current message still to read; -1 between messages. */
  private remaining = -1;
  private code = 0;
  private preamble: Buffer | undefined;
  private wanted = false;
  private forwarding = false;
  private readonly onReadable = () => this.forward();
  /** Output buffers handed back through recycle(), free to fill again. */
  private readonly spare: Buffer[] = [];
  /** The memory of the output buffers pushed and not handed back: recycle() takes back only those, once. */
  private readonly lent = new WeakSet<ArrayBufferLike>();

  constructor(
    private readonly text: string,
    private readonly options: CopyOutOptions,
  ) {
    super();
    this.preamble = options.preamble;
  }

  /** Called by pg when the query's turn comes: takes the socket's reads over until CopyDone. */
  submit(connection: PgConnection): void {
    this.connection = connection;
    const listeners = connection.stream.listeners('data') as ((chunk: Buffer) => void)[];
    if (listeners.length !== 1) throw new Error('copy-out expects the driver as the socket reader');
    this.pgDataHandler = listeners[0];
    connection.stream.removeListener('data', this.pgDataHandler);
    connection.stream.pause();
    connection.stream.on('readable', this.onReadable);
    connection.query(this.text);
  }

  override _read(): void {
    this.wanted = true;
    this.forward();
  }

  /**
   * Hands back a chunk this stream pushed, once its reader has copied it and will not read it
   * again: its buffer is filled anew by a later socket read instead of allocating another. Each
   * pushed chunk would otherwise be garbage outside V8's heap, which costs the worker its
   * collections and memory (docs/performance.md, "Exports"). A chunk never handed back is simply
   * collected.
   */
  recycle(chunk: Buffer): void {
    if (this.lent.delete(chunk.buffer)) this.spare.push(Buffer.from(chunk.buffer, 0, chunk.buffer.byteLength));
  }

  handleError(err: Error): void {
    this.destroy(err);
  }

  handleCommandComplete(message?: { text?: string }): void {
    const match = /COPY (\d+)/.exec(message?.text ?? '');
    if (match) this.rowCount = Number(match[1]);
  }

  handleReadyForQuery(): void {}

  private forward(): void {
    if (this.forwarding || !this.wanted || !this.connection) return;
    this.forwarding = true;
    let chunk: Buffer | null;
    while (this.wanted && this.connection && (chunk = this.connection.stream.read() as Buffer | null) !== null)
      this.wanted = this.parse(chunk);
    this.forwarding = false;
  }

  /** Copies the rows of one socket read into one buffer and pushes it; answers whether more is wanted. */
  private parse(chunk: Buffer): boolean {
    const { recordEnd } = this.options;
    const lead = this.preamble?.length ?? 0;
    // The output is never longer: each message's 5 header bytes outweigh its record end's extra
    // byte, save for the message begun in an earlier read (one record end) and the preamble.
    const out = this.outputBuffer(chunk.length + recordEnd.length + lead);
    let at = 0;
    if (this.preamble) {
      at += this.preamble.copy(out, 0);
      this.preamble = undefined;
    }
    let i = 0;
    let unread: Buffer | null = null;
    while (i < chunk.length || this.remaining === 0) {
      if (this.remaining === -1) {
        while (this.headerHave < HEADER_BYTES && i < chunk.length) this.header[this.headerHave++] = chunk[i++];
        if (this.headerHave < HEADER_BYTES) break;
        this.headerHave = 0;
        this.code = this.header[0];
        if (this.code === ERROR_RESPONSE) {
          // pg reads the error (and what follows) itself, and calls handleError.
          unread = Buffer.concat([this.header, chunk.subarray(i)]);
          break;
        }
        this.remaining = this.header.readUInt32BE(1) - 4;
      }
      const take = Math.min(this.remaining, chunk.length - i);
      if (this.code === COPY_DATA && take > 0) {
        const last = take === this.remaining && chunk[i + take - 1] === LF;
        at += chunk.copy(out, at, i, last ? i + take - 1 : i + take);
        if (last) at += recordEnd.copy(out, at);
      }
      i += take;
      this.remaining -= take;
      if (this.remaining > 0) break;
      this.remaining = -1;
      if (this.code === COPY_DATA) this.records += 1;
      else if (!INTERSPERSED.has(this.code)) {
        unread = chunk.subarray(i);
        break;
      }
    }
    this.bytes += at;
    if (at > 0) this.lent.add(out.buffer);
    else this.spare.push(out);
    const wanted = at === 0 ? true : this.push(out.subarray(0, at));
    if (unread) {
      this.detach(unread);
      if (this.code !== ERROR_RESPONSE) this.push(null);
      return false;
    }
    this.options.onRecords?.(this.records);
    return wanted;
  }

  /** A spare buffer of at least `bytes`, or a new one (its own memory, never the shared pool's). */
  private outputBuffer(bytes: number): Buffer {
    const spare = this.spare.pop();
    return spare && spare.length >= bytes ? spare : Buffer.allocUnsafeSlow(Math.max(bytes, OUTPUT_BYTES));
  }

  /** Gives the socket back to the driver with what is left of the read (CommandComplete, ReadyForQuery, an error). */
  private detach(unread: Buffer): void {
    const connection = this.connection!;
    this.connection = null;
    connection.stream.removeListener('readable', this.onReadable);
    connection.stream.on('data', this.pgDataHandler!);
    if (unread.length > 0) this.pgDataHandler!(unread);
    process.nextTick(() => connection.stream.resume());
  }
}
