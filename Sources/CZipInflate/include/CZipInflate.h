#ifndef C_ZIP_INFLATE_H
#define C_ZIP_INFLATE_H

#include <stddef.h>
#include <stdint.h>

/// Inflates one zip member's raw DEFLATE data (RFC 1951, no zlib header) with the system's
/// zlib, opened with dlopen("libz.so.1") on first use, and checks its CRC-32.
/// Returns 0 on success (exactly `out_length` bytes written and the CRC matches), 1 when
/// zlib cannot be opened, 2 when the data is not valid DEFLATE or does not give
/// `out_length` bytes, 3 when the CRC-32 differs.
int discover_zip_inflate(const uint8_t *in, size_t in_length, uint8_t *out, size_t out_length, uint32_t crc);

/// The CRC-32 (zlib's crc32) of stored (uncompressed) bytes; sets *available to 0 when zlib
/// cannot be opened.
uint32_t discover_zip_crc32(const uint8_t *bytes, size_t length, int *available);

/// Deflates bytes as raw DEFLATE (RFC 1951, level 9, no zlib header) with the system's zlib.
/// Returns 0 on success (`*out_length` bytes written), 1 when zlib cannot be opened, 2 when the
/// output does not fit `out_capacity` bytes or zlib fails.
int discover_deflate_raw(const uint8_t *in, size_t in_length, uint8_t *out, size_t out_capacity, size_t *out_length);

#endif
