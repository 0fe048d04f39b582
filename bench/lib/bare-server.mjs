#!/usr/bin/env node
// The baseline: a bare node:http server with no framework. Run as a child process by servers.mjs:
//   node bench/lib/bare-server.mjs spec.json
// spec = { port, host, routes: [{ method, path, status, headers, etag?, notModifiedHeaders?, bodyFile, parseJson? }],
//          mounts: [{ prefix, dir, headers?, gzip? }] }
// Routes answer fixed bytes from memory (an If-None-Match equal to the route's etag gets 304). Mounts
// serve files, read once then kept in memory (gzip also computed once when `gzip` and accepted).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const routes = new Map();
for (const route of spec.routes) {
  const body = fs.readFileSync(route.bodyFile);
  const headers = { ...route.headers, 'content-length': String(body.length) };
  if (route.etag) headers.etag = route.etag;
  // The route's own 304 headers when the spec gives them (the same bytes as the server's 304), else
  // the ones RFC 9110 section 15.4.5 says a 304 repeats.
  const notModified = route.notModifiedHeaders ?? {};
  if (!route.notModifiedHeaders) {
    for (const [name, value] of Object.entries(headers)) {
      if (['etag', 'cache-control', 'vary', 'expires', 'content-location'].includes(name.toLowerCase())) notModified[name] = value;
    }
  }
  routes.set(`${route.method} ${route.path}`, { ...route, body, headers, notModified });
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.json', '.svg']);
const fileCache = new Map();

function loadFile(mount, relative) {
  const dir = path.resolve(mount.dir);
  const file = path.resolve(dir, `.${path.posix.normalize(`/${relative}`)}`);
  if (!file.startsWith(dir + path.sep)) return null;
  let entry = fileCache.get(file);
  if (entry === undefined) {
    try {
      const body = fs.readFileSync(file);
      const ext = path.extname(file).toLowerCase();
      const gzip = mount.gzip && COMPRESSIBLE.has(ext) ? zlib.gzipSync(body, { level: 9 }) : null;
      entry = { body, gzip, type: TYPES[ext] ?? 'application/octet-stream' };
    } catch {
      entry = null;
    }
    fileCache.set(file, entry);
  }
  return entry;
}

function respond(req, res, status, headers, body) {
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function handle(req, res, rawBody) {
  const url = req.url ?? '/';
  const pathname = url.split('?')[0];
  if (pathname === '/__bare/health') return respond(req, res, 200, { 'content-type': 'text/plain' }, 'ok');

  const route = routes.get(`${req.method} ${url}`) ?? routes.get(`${req.method} ${pathname}`);
  if (route) {
    if (route.parseJson && rawBody.length) JSON.parse(rawBody.toString('utf8'));
    if (route.etag && req.headers['if-none-match'] === route.etag) return respond(req, res, 304, route.notModified);
    return respond(req, res, route.status, route.headers, route.body);
  }

  if (req.method === 'GET' || req.method === 'HEAD') {
    for (const mount of spec.mounts) {
      if (!pathname.startsWith(mount.prefix)) continue;
      let relative = decodeURIComponent(pathname.slice(mount.prefix.length));
      if (relative === '' || relative.endsWith('/')) relative += 'index.html';
      const file = loadFile(mount, relative);
      if (!file) break;
      const headers = { 'content-type': file.type, ...mount.headers };
      const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (file.gzip) headers.vary = 'accept-encoding';
      if (file.gzip && acceptsGzip) {
        headers['content-encoding'] = 'gzip';
        headers['content-length'] = String(file.gzip.length);
        return respond(req, res, 200, headers, file.gzip);
      }
      headers['content-length'] = String(file.body.length);
      return respond(req, res, 200, headers, file.body);
    }
  }
  return respond(req, res, 404, { 'content-type': 'text/plain' }, 'not found');
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    try {
      handle(req, res, Buffer.concat(chunks));
    } catch (error) {
      respond(req, res, 500, { 'content-type': 'text/plain' }, String(error));
    }
  });
});
server.keepAliveTimeout = 65_000;
server.listen(spec.port, spec.host);
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)).closeAllConnections());
