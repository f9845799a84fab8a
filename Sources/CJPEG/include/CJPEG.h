#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

/// libjpeg-turbo behind calls that return an error code: libjpeg reports an error by longjmp-ing out of
/// its error handler, which Swift cannot catch, so every call into it is made here, under setjmp.
/// Each function returns 0 on success, or -1 with `error` (at most `errorSize` bytes) saying why.

/// The pixel size of the JPEG in `data` (its frame header), without decoding it.
int cjpeg_size(const uint8_t *data, size_t size, int *width, int *height, char *error, int errorSize);

/// The output size of the JPEG in `data` decoded at 1/`denom` of its size (`denom` 1, 2, 4 or 8:
/// libjpeg's scaled IDCT, `scale_num` 1 over `scale_denom`).
int cjpeg_scaled_size(const uint8_t *data, size_t size, int denom, int *width, int *height, char *error, int errorSize);

/// Decodes the JPEG in `data` at 1/`denom` of its size into `pixels` (rows `pitch` bytes apart, 4 bytes a
/// pixel: B, G, R, X, SDL's RGB888 on a little-endian machine), which holds `width` × `height` pixels
/// (`cjpeg_scaled_size`'s).
int cjpeg_decode(const uint8_t *data, size_t size, int denom, uint8_t *pixels, int pitch, int width, int height,
                 char *error, int errorSize);

/// 1 when the JPEG in `data` holds CMYK (or YCCK) ink, which `cjpeg_decode` turns into B, G, R, X itself
/// (inverted when an Adobe marker says so, as Photoshop writes them); 0 otherwise, or when it is no JPEG.
int cjpeg_is_cmyk(const uint8_t *data, size_t size);

/// Encodes a seeded picture of `width` × `height` pixels at `quality` (1–100, 4:2:0) into a buffer the
/// caller frees with `cjpeg_free`: a diagonal gradient between two colours of the seed, with value noise
/// of `noise` (0–128) levels on top (the noise is what the bytes go to, as a photo's detail). Rows are
/// made one at a time: memory is a row, whatever the size.
int cjpeg_encode_picture(int width, int height, int quality, uint64_t seed, int noise, uint8_t **out, size_t *outSize,
                         char *error, int errorSize);

/// Frees a buffer `cjpeg_encode_picture` made.
void cjpeg_free(uint8_t *buffer);

#endif
