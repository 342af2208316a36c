#ifndef C_JPEG_CODEC_H
#define C_JPEG_CODEC_H

#include <stddef.h>
#include <stdint.h>

/// A JPEG's size in pixels, read from its header. Returns 0 on success, 1 when libturbojpeg
/// cannot be opened (dlopen("libturbojpeg.so.0")), 2 when the bytes are no JPEG it can read.
int discover_jpeg_size(const uint8_t *jpeg, size_t length, int *width, int *height);

/// Decodes a JPEG to packed RGB (3 bytes a pixel, rows top to bottom, no padding), scaled
/// while decoding by the smallest of libjpeg-turbo's factors (1/8 to 1) that still gives at
/// least `min_width` × `min_height` pixels (the full size when none does).
/// `*out` is malloc'd (the caller frees it with free()); `*width` and `*height` are the decoded
/// size. Returns 0 on success, 1 when libturbojpeg cannot be opened, 2 when the bytes are no
/// JPEG or are cut short (a warning counts as a failure), 3 when memory runs out.
/// `message` (at least 200 bytes) gets libturbojpeg's own words on failure 2.
int discover_jpeg_decode(const uint8_t *jpeg, size_t length, int min_width, int min_height, uint8_t **out, int *width,
                         int *height, char *message, size_t message_size);

/// Encodes packed RGB (3 bytes a pixel) as a baseline JPEG, 4:2:0, at a quality of 1–100.
/// `*out` is malloc'd (free()). Returns 0 on success, 1 when libturbojpeg cannot be opened,
/// 2 when it fails. Used by the tests and the benchmark to make images.
int discover_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, uint8_t **out, size_t *length);

#endif
