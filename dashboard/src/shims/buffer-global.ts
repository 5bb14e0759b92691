/**
 * The thread splitter measures UTF-8 with Node's Buffer (byteLength, and from → subarray →
 * toString). Browsers have TextEncoder/TextDecoder; this gives the splitter those three
 * calls on top of them. Imported first by main.tsx.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

class Utf8Bytes extends Uint8Array {
  override toString(): string {
    return decoder.decode(this);
  }
}

const utf8Buffer = {
  byteLength: (text: string): number => encoder.encode(text).length,
  from: (text: string): Utf8Bytes => {
    const bytes = encoder.encode(text);
    return new Utf8Bytes(bytes.buffer, bytes.byteOffset, bytes.length);
  },
};

const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= utf8Buffer;
