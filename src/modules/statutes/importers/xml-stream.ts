/**
 * Streaming XML for the statute parsers, on saxes: no DOM is ever built, so a 10 MB USLM title
 * costs the memory of one section at a time.
 */
import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export type XmlTag = SaxesTagPlain;

/** What a parser does with the SAX events of one document. Names keep their prefix ('xi:include'). */
export interface XmlHandler {
  open(tag: XmlTag): void;
  close(name: string): void;
  text(text: string): void;
}

/** The name without its namespace prefix: 'xi:include' → 'include'. */
export function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

/** An attribute's value, or undefined. */
export function attr(tag: XmlTag, name: string): string | undefined {
  return tag.attributes[name];
}

function makeParser(handler: XmlHandler, source: string): SaxesParser {
  // xmlns processing is off: the parsers match qualified names, and namespace resolution
  // roughly halves saxes' throughput.
  const parser = new SaxesParser<{ xmlns: false; fileName: string }>({ xmlns: false, fileName: source });
  parser.on('opentag', (tag) => handler.open(tag));
  parser.on('closetag', (tag) => handler.close(tag.name));
  parser.on('text', (t) => handler.text(t));
  parser.on('cdata', (t) => handler.text(t));
  return parser;
}

/** Runs a handler over a whole XML document held in memory (small files such as D.C. sections). */
export function parseXmlString(xml: string, handler: XmlHandler, source = 'xml'): void {
  makeParser(handler, source).write(xml).close();
}

/**
 * Streams an XML file through a handler built by `makeHandler`, yielding every item the handler
 * emits, chunk by chunk, so a consumer can store sections while the rest of the file is read.
 */
export async function* streamXmlFile<T>(
  path: string,
  makeHandler: (emit: (item: T) => void) => XmlHandler,
  chunkBytes = 256 * 1024,
): AsyncGenerator<T> {
  const queue: T[] = [];
  const parser = makeParser(
    makeHandler((item) => queue.push(item)),
    path,
  );
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: chunkBytes });
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string);
      while (queue.length > 0) yield queue.shift() as T;
    }
    parser.close();
    while (queue.length > 0) yield queue.shift() as T;
  } finally {
    stream.destroy();
  }
}
