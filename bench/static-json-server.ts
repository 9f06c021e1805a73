// The bench's HTTP-only reference: answers every GET with the same JSON body, doing no other
// work. Measured like the api, it shows what HTTP alone costs on this machine (bench/api.ts).
//
//   node --import tsx bench/static-json-server.ts <port> <body-file>
import fs from 'node:fs';
import http from 'node:http';

const [port, bodyFile] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile);

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
