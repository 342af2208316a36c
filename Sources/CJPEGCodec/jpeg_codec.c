// JPEG through the system's libturbojpeg (Debian's libturbojpeg0), opened with dlopen on first
// use like libcurl, libxml2 and zlib (see http.c, html_text.c, zip_inflate.c): no link-time
// dependency, and no decoder of our own. The few functions and constants used are declared
// here from TurboJPEG's stable API (turbojpeg.h, 1.2 and later), so no -dev package is needed.
#include "CJPEGCodec.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *tjhandle;
typedef struct {
    int num;
    int denom;
} tjscalingfactor;

enum { TJPF_RGB = 0, TJSAMP_420 = 2, TJFLAG_FASTDCT = 2048 };

static struct {
    tjhandle (*tjInitDecompress)(void);
    tjhandle (*tjInitCompress)(void);
    int (*tjDecompressHeader3)(tjhandle, const unsigned char *, unsigned long, int *, int *, int *, int *);
    int (*tjDecompress2)(tjhandle, const unsigned char *, unsigned long, unsigned char *, int, int, int, int, int);
    int (*tjCompress2)(tjhandle, const unsigned char *, int, int, int, int, unsigned char **, unsigned long *, int, int,
                       int);
    tjscalingfactor *(*tjGetScalingFactors)(int *);
    char *(*tjGetErrorStr2)(tjhandle);
    int (*tjDestroy)(tjhandle);
    void (*tjFree)(unsigned char *);
    int ready;
} tj;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *lib = dlopen("libturbojpeg.so.0", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) return;
    *(void **)&tj.tjInitDecompress = dlsym(lib, "tjInitDecompress");
    *(void **)&tj.tjInitCompress = dlsym(lib, "tjInitCompress");
    *(void **)&tj.tjDecompressHeader3 = dlsym(lib, "tjDecompressHeader3");
    *(void **)&tj.tjDecompress2 = dlsym(lib, "tjDecompress2");
    *(void **)&tj.tjCompress2 = dlsym(lib, "tjCompress2");
    *(void **)&tj.tjGetScalingFactors = dlsym(lib, "tjGetScalingFactors");
    *(void **)&tj.tjGetErrorStr2 = dlsym(lib, "tjGetErrorStr2");
    *(void **)&tj.tjDestroy = dlsym(lib, "tjDestroy");
    *(void **)&tj.tjFree = dlsym(lib, "tjFree");
    tj.ready = tj.tjInitDecompress && tj.tjInitCompress && tj.tjDecompressHeader3 && tj.tjDecompress2 && tj.tjCompress2 &&
               tj.tjGetScalingFactors && tj.tjGetErrorStr2 && tj.tjDestroy && tj.tjFree;
}

static void say(tjhandle handle, char *message, size_t size) {
    if (message == NULL || size == 0) return;
    const char *words = handle ? tj.tjGetErrorStr2(handle) : NULL;
    snprintf(message, size, "%s", words ? words : "not a JPEG");
}

int discover_jpeg_size(const uint8_t *jpeg, size_t length, int *width, int *height) {
    pthread_once(&once, load);
    if (!tj.ready) return 1;
    tjhandle handle = tj.tjInitDecompress();
    if (handle == NULL) return 3;
    int subsampling = 0, colourspace = 0;
    int status = tj.tjDecompressHeader3(handle, jpeg, (unsigned long)length, width, height, &subsampling, &colourspace);
    tj.tjDestroy(handle);
    return status == 0 && *width > 0 && *height > 0 ? 0 : 2;
}

int discover_jpeg_decode(const uint8_t *jpeg, size_t length, int min_width, int min_height, uint8_t **out, int *width,
                         int *height, char *message, size_t message_size) {
    pthread_once(&once, load);
    *out = NULL;
    if (!tj.ready) return 1;
    tjhandle handle = tj.tjInitDecompress();
    if (handle == NULL) return 3;
    int full_width = 0, full_height = 0, subsampling = 0, colourspace = 0;
    if (tj.tjDecompressHeader3(handle, jpeg, (unsigned long)length, &full_width, &full_height, &subsampling, &colourspace) != 0 ||
        full_width <= 0 || full_height <= 0) {
        say(handle, message, message_size);
        tj.tjDestroy(handle);
        return 2;
    }
    // The smallest scale that still covers the size asked for.
    int count = 0;
    tjscalingfactor *factors = tj.tjGetScalingFactors(&count);
    int best_width = full_width, best_height = full_height;
    for (int i = 0; factors != NULL && i < count; i++) {
        if (factors[i].num > factors[i].denom) continue;
        int w = (full_width * factors[i].num + factors[i].denom - 1) / factors[i].denom;
        int h = (full_height * factors[i].num + factors[i].denom - 1) / factors[i].denom;
        if (w >= min_width && h >= min_height && (long)w * h < (long)best_width * best_height) {
            best_width = w;
            best_height = h;
        }
    }
    if ((long)best_width * best_height > 64L * 1024 * 1024) {
        snprintf(message, message_size, "the image is too large (%d × %d)", full_width, full_height);
        tj.tjDestroy(handle);
        return 2;
    }
    uint8_t *pixels = malloc((size_t)best_width * (size_t)best_height * 3);
    if (pixels == NULL) {
        tj.tjDestroy(handle);
        return 3;
    }
    if (tj.tjDecompress2(handle, jpeg, (unsigned long)length, pixels, best_width, 0, best_height, TJPF_RGB, TJFLAG_FASTDCT) != 0) {
        say(handle, message, message_size);
        free(pixels);
        tj.tjDestroy(handle);
        return 2;
    }
    tj.tjDestroy(handle);
    *out = pixels;
    *width = best_width;
    *height = best_height;
    return 0;
}

int discover_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, uint8_t **out, size_t *length) {
    pthread_once(&once, load);
    *out = NULL;
    *length = 0;
    if (!tj.ready) return 1;
    tjhandle handle = tj.tjInitCompress();
    if (handle == NULL) return 2;
    unsigned char *jpeg = NULL;
    unsigned long size = 0;
    int status = tj.tjCompress2(handle, rgb, width, 0, height, TJPF_RGB, &jpeg, &size, TJSAMP_420, quality, 0);
    tj.tjDestroy(handle);
    if (status != 0 || jpeg == NULL) return 2;
    uint8_t *copy = malloc(size);
    if (copy == NULL) {
        tj.tjFree(jpeg);
        return 2;
    }
    memcpy(copy, jpeg, size);
    tj.tjFree(jpeg);
    *out = copy;
    *length = size;
    return 0;
}
