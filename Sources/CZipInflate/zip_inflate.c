// Raw DEFLATE through the system's zlib, opened with dlopen on first use like libcurl and
// libxml2 (see http.c, html_text.c): no link-time dependency, and no inflate of our own.
#include "CZipInflate.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <zlib.h>

static struct {
    int (*deflateInit2_)(z_streamp, int, int, int, int, int, const char *, int);
    int (*deflate)(z_streamp, int);
    int (*deflateEnd)(z_streamp);
    int (*inflateInit2_)(z_streamp, int, const char *, int);
    int (*inflate)(z_streamp, int);
    int (*inflateEnd)(z_streamp);
    uLong (*crc32)(uLong, const Bytef *, uInt);
    int ready;
} z;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *lib = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) return;
    *(void **)&z.inflateInit2_ = dlsym(lib, "inflateInit2_");
    *(void **)&z.inflate = dlsym(lib, "inflate");
    *(void **)&z.inflateEnd = dlsym(lib, "inflateEnd");
    *(void **)&z.crc32 = dlsym(lib, "crc32");
    *(void **)&z.deflateInit2_ = dlsym(lib, "deflateInit2_");
    *(void **)&z.deflate = dlsym(lib, "deflate");
    *(void **)&z.deflateEnd = dlsym(lib, "deflateEnd");
    z.ready = z.inflateInit2_ && z.inflate && z.inflateEnd && z.crc32 && z.deflateInit2_ && z.deflate && z.deflateEnd;
}

static uint32_t crc_of(const uint8_t *bytes, size_t length) {
    uLong crc = z.crc32(0L, Z_NULL, 0);
    while (length > 0) {
        uInt part = length > UINT_MAX ? UINT_MAX : (uInt)length;
        crc = z.crc32(crc, bytes, part);
        bytes += part;
        length -= part;
    }
    return (uint32_t)crc;
}

uint32_t discover_zip_crc32(const uint8_t *bytes, size_t length, int *available) {
    pthread_once(&once, load);
    *available = z.ready;
    return z.ready ? crc_of(bytes, length) : 0;
}

int discover_zip_inflate(const uint8_t *in, size_t in_length, uint8_t *out, size_t out_length, uint32_t crc) {
    pthread_once(&once, load);
    if (!z.ready) return 1;
    if (in_length > UINT_MAX || out_length > UINT_MAX) return 2;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (z.inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, (int)sizeof(z_stream)) != Z_OK) return 2;
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)in_length;
    stream.next_out = out;
    stream.avail_out = (uInt)out_length;
    int status = z.inflate(&stream, Z_FINISH);
    size_t produced = out_length - stream.avail_out;
    z.inflateEnd(&stream);
    if (status != Z_STREAM_END || produced != out_length) return 2;
    return crc_of(out, out_length) == crc ? 0 : 3;
}

int discover_deflate_raw(const uint8_t *in, size_t in_length, uint8_t *out, size_t out_capacity, size_t *out_length) {
    pthread_once(&once, load);
    *out_length = 0;
    if (!z.ready) return 1;
    if (in_length > UINT_MAX || out_capacity > UINT_MAX) return 2;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (z.deflateInit2_(&stream, 9, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, (int)sizeof(z_stream)) != Z_OK) return 2;
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)in_length;
    stream.next_out = out;
    stream.avail_out = (uInt)out_capacity;
    int status = z.deflate(&stream, Z_FINISH);
    size_t produced = out_capacity - stream.avail_out;
    z.deflateEnd(&stream);
    if (status != Z_STREAM_END) return 2;
    *out_length = produced;
    return 0;
}
