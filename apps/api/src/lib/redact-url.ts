/**
 * A request URL as the logs may keep it: the path, and the query's names with every value replaced.
 * Query strings carry secrets (an order's access token, a reset link's token), and a log is read by
 * more people than a database is.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return `${/^[\w.[\]-]{1,40}$/.test(name) ? name : '_'}=[redacted]`;
    });
  return `${url.slice(0, mark)}?${names.join('&')}`;
}
