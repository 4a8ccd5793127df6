import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The mix bench's baseline, forked by it: a bare node:http server answering every GET with the same
 * bytes the store sent for its home page (as the store sent them: compressed, with its headers'
 * type and encoding) and every POST with a one-line success envelope. What serving costs with no
 * work behind it, on the same machine in the same run.
 */
const [file, encoding, portText] = process.argv.slice(2);
if (!file || !portText) throw new Error('usage: mix-static-server.ts <bytes file> <content-encoding|-> <port>');
const page = readFileSync(file);
const envelope = Buffer.from('{"code":1,"msg":"成功","data":null}');
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.method === 'POST') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': envelope.length });
      response.end(envelope);
      return;
    }
    const headers: Record<string, string | number> = { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length };
    if (encoding && encoding !== '-') headers['content-encoding'] = encoding;
    response.writeHead(200, headers);
    response.end(page);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(portText), '127.0.0.1', () => process.send?.('ready'));
