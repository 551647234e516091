import { Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';

/**
 * Which encoding a text file is in, as DOMAIN.md decides for imports ("Files that people open in
 * Excel"): a file that is valid UTF-8 (with or without BOM) is UTF-8; any other is read as
 * Windows-1252, what Excel pt-BR writes for "CSV (separado por vírgulas)". A file with bytes no
 * text file has (NUL and other control bytes, a UTF-16 byte-order mark) is neither: it is refused.
 *
 * Detection is a fatal streaming UTF-8 decode (WHATWG TextDecoder, full ICU in Node 20); decoding
 * Windows-1252 is TextDecoder('windows-1252'), which maps every byte to a character, so no
 * U+FFFD ever comes out of it.
 */
export const TEXT_ENCODINGS = ['utf-8', 'windows-1252'] as const;
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number];

export type ProbeVerdict =
  | { ok: true; encoding: TextEncodingName }
  | { ok: false; problem: 'utf-16' | 'binary'; offset: number };

/** Bytes no text file holds: C0 controls other than tab, LF, CR (and SUB, DOS's end-of-file mark). */
function isBinaryByte(b: number): boolean {
  return b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x1a;
}

/** Watches the bytes of a file as they pass and says, at the end, which encoding it is in. */
export class EncodingProbe {
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private validUtf8 = true;
  private offset = 0;
  private problem: { problem: 'utf-16' | 'binary'; offset: number } | null = null;

  push(chunk: Buffer): void {
    if (this.problem) return;
    if (this.offset === 0 && chunk.length >= 2) {
      const bom = chunk.readUInt16BE(0);
      if (bom === 0xfffe || bom === 0xfeff) {
        this.problem = { problem: 'utf-16', offset: 0 };
        return;
      }
    }
    for (let i = 0; i < chunk.length; i++) {
      if (isBinaryByte(chunk[i]!)) {
        // Every other byte NUL is UTF-16 without its mark; a NUL anywhere else, some binary file.
        const nul = chunk[i] === 0 && (chunk[i + 2] === 0 || chunk[i - 2] === 0);
        this.problem = { problem: nul ? 'utf-16' : 'binary', offset: this.offset + i };
        return;
      }
    }
    if (this.validUtf8) {
      try {
        this.utf8.decode(chunk, { stream: true });
      } catch {
        this.validUtf8 = false;
      }
    }
    this.offset += chunk.length;
  }

  verdict(): ProbeVerdict {
    if (this.problem) return { ok: false, ...this.problem };
    if (this.validUtf8) {
      try {
        this.utf8.decode();
      } catch {
        this.validUtf8 = false;
      }
    }
    return { ok: true, encoding: this.validUtf8 ? 'utf-8' : 'windows-1252' };
  }
}

/**
 * Bytes → text in the given encoding, chunk by chunk (a character split between chunks is kept
 * for the next). UTF-8's byte-order mark is dropped.
 */
export class DecodeStream extends Transform {
  private readonly decoder: TextDecoder;
  constructor(encoding: TextEncodingName) {
    super({ readableObjectMode: true });
    this.decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    try {
      const text = this.decoder.decode(chunk, { stream: true });
      done(null, text.length > 0 ? text : undefined);
    } catch (error) {
      done(error as Error);
    }
  }
  override _flush(done: TransformCallback) {
    try {
      const text = this.decoder.decode();
      done(null, text.length > 0 ? text : undefined);
    } catch (error) {
      done(error as Error);
    }
  }
}

/** Why a text may not be stored: a sign of a mis-decoded file upstream, or a character no person types. */
export type TextProblem = 'replacement' | 'lone-surrogate' | 'control';

/** C0 and C1 controls and DEL; tab, LF and CR too when the text is one line. */
const isControl = (c: number, oneLine: boolean) =>
  (c < 0x20 && (oneLine || (c !== 0x09 && c !== 0x0a && c !== 0x0d))) || (c >= 0x7f && c <= 0x9f);

/**
 * The first problem of a text given to be stored, or null: U+FFFD (letters already lost by a
 * program that could not read them), a lone UTF-16 surrogate (half a character: PostgreSQL
 * refuses it, so it could only be stored mangled), or a control character. Tab and line breaks
 * are allowed unless `oneLine` (names). Refused, never normalised: silently changing what a person
 * sent would hide the upstream fault.
 */
export function textProblem(text: string, oneLine = false): TextProblem | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xa0) {
      if (isControl(c, oneLine)) return 'control';
    } else if (c === 0xfffd) return 'replacement';
    else if (c >= 0xd800 && c <= 0xdfff) {
      // A high surrogate followed by a low one is one character (an emoji); anything else is half.
      const next = text.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return 'lone-surrogate';
      i++;
    }
  }
  return null;
}
