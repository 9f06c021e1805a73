import { Readable } from 'node:stream';

/** One backend message of PostgreSQL's protocol: its code, its length, its content. */
export function backendMessage(code: string, content: Buffer | string = ''): Buffer {
  const body = Buffer.from(content);
  const header = Buffer.alloc(5);
  header.write(code, 0, 'latin1');
  header.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

/** What PostgreSQL sends for `COPY ... TO STDOUT` of `records` (one CopyData message each), up to ReadyForQuery. */
export function copyOutBytes(records: string[]): Buffer {
  return Buffer.concat([
    backendMessage('H', Buffer.from([0, 0, 0])),
    ...records.map((record) => backendMessage('d', record)),
    backendMessage('c'),
    backendMessage('C', `COPY ${records.length - 1}\0`),
    backendMessage('Z', 'T'),
  ]);
}

/**
 * A pg connection as a copy-out sees it: a socket stream whose reads are `reads`, one data
 * listener (the driver's, which keeps what it is handed back) and the query it was sent. The
 * reads arrive at once (a socket's read then answers them joined), or with `apart` one a turn of
 * the event loop, as a socket's do when the server writes faster than the reader reads.
 */
export function fakeCopyConnection(reads: Buffer[], { apart = false } = {}) {
  const stream = new Readable({ read() {} });
  const handedBack: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => handedBack.push(chunk));
  stream.pause();
  const sent: string[] = [];
  return {
    connection: {
      stream,
      query(text: string) {
        sent.push(text);
        if (!apart) for (const read of reads) stream.push(read);
        else {
          let next = 0;
          const arrive = () => {
            if (next === reads.length) return;
            stream.push(reads[next++]);
            setImmediate(arrive);
          };
          arrive();
        }
      },
    },
    handedBack,
    sent,
  };
}
