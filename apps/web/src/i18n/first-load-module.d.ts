/** A catalogue's first-load part (first-load-messages-plugin.ts): the catalogue's shape, with only some of its messages. */
declare module '*.json?first-load' {
  const messages: Record<string, unknown>;
  export default messages;
}
