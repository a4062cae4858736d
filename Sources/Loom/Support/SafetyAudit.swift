// Safety audit: what in `Sources/` can still trap, and why input cannot reach it.
//
// Searched for: `try!`, `!`-unwraps, `as!`, `precondition`, `fatalError`,
// `unsafelyUnwrapped`, wrapping arithmetic (`&+`, `&-`, `&*`, `&<<`, `&>>`) and other
// unchecked operations. None of `try!`, force unwraps, `as!`, `fatalError` or
// `unsafelyUnwrapped` is in `Loom` or `LoomCLIKit` (the macro plugin runs in the compiler on
// source code, not on JSON). What remains:
//
// Traps that only programmer errors reach (like `Array`'s):
// - Core/JSONArray.swift, `subscript(position:)` get/set: `preconditionFailure` on an index
//   outside `0..<count`. Loom's own code indexes within `count`; input never picks an index.
// - Core/JSONArray.swift, `replaceSubrange`: `precondition` on a range outside the array, and
//   on a collection whose iteration yields fewer elements than its `count` claims.
// - Core/JSONWriter.swift, `newline()`: `depth * options.indentWidth` is checked arithmetic;
//   depth is at most `JSONWritingOptions.maxDepth` and the width is set in code.
// - The fuzz targets (`Tools/Sources/Fuzz*`) call `fatalError` on purpose when a check
//   fails, so that libFuzzer records the input; they are not part of the library.
//
// Wrapping arithmetic, each bounded so that it never actually wraps on a value input controls
// (or wraps on purpose):
// - Core/JSONParser.swift: positions (`position &+= …`) stay below the input's length; node
//   indices and counts are below `UInt32.max`, checked in `close(at:)` ("document has too many
//   values"); the integer fast path accumulates `value &* 10 &+ digit` over any number of
//   digits but uses the result only for at most 18 digits (it may wrap beyond, unused); the
//   8-byte string scan is SWAR bit arithmetic on one word, where wrapping is the algorithm;
//   `readHex4`/surrogate arithmetic works on four validated hex digits.
// - Core/JSONScanner.swift: the string, escape, UTF-8 and number scanning the parser and the
//   reader share, with the bounds described for JSONParser.swift above. Its word and vector
//   loads read 8 or 16 bytes only where that many are left before `end`; `plainNumber` reads
//   without checks only after checking that 64 bytes are left, within which its two digit
//   runs of at most 23 digits stop (it accumulates `&* 10` past 19 digits, then rejects them).
// - Core/JSONScanner+Skipping.swift: the same bounds for passing over values (`numberEnd`
//   checks that 80 bytes are left before its unchecked runs); the containers' bits shift by
//   fewer than 64 (`level < min(levels, 64)` is checked before the shift).
// - Decoding/JSONReader.swift: positions stay below the input's length (every read of a byte is
//   behind a check against `end`; the in-place key compare checks `start + length < end` first,
//   and a key that cannot be compared has a length of `Int.max / 4`, which fails that check
//   without wrapping); `depth` is below `maxDepth`; the stack buffer of an array holds at
//   most `512 / stride` elements, counted before each write.
// - Core/NumberParsing.swift: the fast path stops at 19 significant digits (< 2^64);
//   exponents saturate at 10^9; Eisel–Lemire works on 64/128-bit products and exponent
//   ranges checked first (`q < -342`, `q > 308`), as in the published algorithm.
// - Core/JSONTape.swift, Core/JSONElement.swift: `index << 1` and the packed header/payload
//   words, with indices below `UInt32.max` and offsets below 2^56 (the input's length).
// - Core/JSONArray.swift: capacity doubling and counts bounded by allocated memory.
// - Core/JSONWriter.swift: buffer sizes (`count &+ 2`, doubling) bounded by allocated memory;
//   the vector load for escapes reads 16 bytes only where 16 are left in the string; digits
//   are written into exactly the room `decimalDigitCount` measured (at most 20 bytes and a
//   sign), which `appendBytes` reserved.
// - Core/JSONValue+StackSafety.swift, Core/JSONValue.swift: hash mixing and loop indices below
//   a collection's count.
// - Decoding/JSONCoercion.swift `smallInteger`: at most 18 digits. Strategies/ISO8601.swift: fixed
//   positions whose digits are checked (a non-digit sets `invalid`), nanoseconds from at most
//   9 digits. Model/BuiltinConformances.swift: hex digits in matched ranges.
//   Decoding/JSONKeySet.swift, Decoding/JSONDecodingContext.swift: slot and element counters
//   below a key set's or array's count; the key set's hash index has at least twice as many
//   entries as keys, so a probe (`& indexMask`) always reaches an empty entry and stops.
// - Archive/CRC32.swift: the checksum, where wrapping is the algorithm.
//
// Unchecked exclusivity (`@exclusivity(unchecked)`) in JSONParser and the teardown queue,
// and `@unchecked Sendable` types, are documented where declared; none depends on input.
