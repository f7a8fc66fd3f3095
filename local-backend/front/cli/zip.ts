/**
 * The ZIP files of snapshot exports and imports, with Node's zlib (deflate, CRC-32): written
 * with deflated entries, read through the central directory (stored and deflated entries,
 * data descriptors allowed). ZIP64, encryption and other methods are refused by name, and
 * every entry's size and CRC-32 are checked, so a damaged file never reads as data.
 */
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";

export class ZipError extends Error {}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const UTF8_NAMES = 0x0800;
/** Entries larger than this are refused when reading (what one import may hold in memory). */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

export function writeZip(entries: { name: string; data: Uint8Array }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, "utf8");
    const compressed = deflateRawSync(data);
    const checksum = crc32(data);
    if (data.length > 0xfffffffe || compressed.length > 0xfffffffe || offset > 0xfffffffe) {
      throw new ZipError("An export over 4 GiB needs ZIP64, which the local backend does not write");
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time and date
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(20, 4); // version made by
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(UTF8_NAMES, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(0, 12);
    header.writeUInt32LE(checksum, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, nameBytes);
    parts.push(local, nameBytes, compressed);
    offset += local.length + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The end record is 22 bytes plus a comment of up to 65,535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipError("This is not a ZIP file (no end of central directory)");
}

/** The entries of a ZIP file by name (folders left out). Throws ZipError for anything damaged or unsupported. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipError("ZIP64 files are not supported");
  const entries = new Map<string, Buffer>();
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_HEADER) throw new ZipError("The ZIP's central directory is damaged");
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const checksum = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 0x1) throw new ZipError(`${name} is encrypted`);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
      throw new ZipError("ZIP64 files are not supported");
    if (size > MAX_ENTRY_BYTES) throw new ZipError(`${name} is larger than ${MAX_ENTRY_BYTES} bytes`);
    if (name.endsWith("/")) continue;
    if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL_HEADER) throw new ZipError(`${name}: damaged entry`);
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > zip.length) throw new ZipError(`${name}: the file is cut short`);
    const stored = zip.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    try {
      if (method === 0) data = Buffer.from(stored);
      else if (method === 8) data = inflateRawSync(stored, { maxOutputLength: MAX_ENTRY_BYTES });
      else throw new ZipError(`${name} uses compression method ${method}, not stored or deflate`);
    } catch (error) {
      if (error instanceof ZipError) throw error;
      throw new ZipError(`${name}: damaged data (${(error as Error).message})`);
    }
    if (data.length !== size || crc32(data) !== checksum) throw new ZipError(`${name}: damaged data (size or CRC-32 does not match)`);
    if (entries.has(name)) throw new ZipError(`${name} appears twice`);
    entries.set(name, data);
  }
  return entries;
}
