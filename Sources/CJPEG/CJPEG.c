#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

// An error manager that longjmps back to the call instead of exiting, with libjpeg's message.
struct guard {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *error;
    int errorSize;
};

static void guard_exit(j_common_ptr info) {
    struct guard *g = (struct guard *)info->err;
    if (g->error && g->errorSize > 0) {
        char text[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, text);
        snprintf(g->error, (size_t)g->errorSize, "%s", text);
    }
    longjmp(g->jump, 1);
}

// Warnings (corrupt data libjpeg can go past) are not printed: the decode goes on.
static void guard_message(j_common_ptr info) { (void)info; }

static void guard_init(struct guard *g, char *error, int errorSize) {
    jpeg_std_error(&g->manager);
    g->manager.error_exit = guard_exit;
    g->manager.output_message = guard_message;
    g->error = error;
    g->errorSize = errorSize;
}

static void say(char *error, int errorSize, const char *text) {
    if (error && errorSize > 0) snprintf(error, (size_t)errorSize, "%s", text);
}

// True when the JPEG's ink is CMYK (or YCCK, which libjpeg turns into CMYK): libjpeg gives no RGB of it.
static int is_cmyk(const struct jpeg_decompress_struct *info) {
    return info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
}

// Opens `data` and reads its header with 1/`denom` scaling; the caller destroys `info`. A CMYK JPEG is
// read as CMYK (converted to B, G, R, X row by row: `cmyk_row`), any other straight to B, G, R, X.
static int open_scaled(struct jpeg_decompress_struct *info, const uint8_t *data, size_t size, int denom) {
    jpeg_mem_src(info, (unsigned char *)data, (unsigned long)size);
    if (jpeg_read_header(info, TRUE) != JPEG_HEADER_OK) return -1;
    info->scale_num = 1;
    info->scale_denom = (unsigned int)denom;
    info->out_color_space = is_cmyk(info) ? JCS_CMYK : JCS_EXT_BGRX;
    jpeg_calc_output_dimensions(info);
    return 0;
}

// A row of CMYK as B, G, R, X. Photoshop's JPEGs (an Adobe marker) store the inks inverted (255: none),
// as browsers and ImageIO read them; others store them as they are.
static void cmyk_row(const uint8_t *cmyk, uint8_t *bgrx, int width, int inverted) {
    for (int x = 0; x < width; x++) {
        int c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        bgrx[4 * x] = (uint8_t)((y * k + 127) / 255);
        bgrx[4 * x + 1] = (uint8_t)((m * k + 127) / 255);
        bgrx[4 * x + 2] = (uint8_t)((c * k + 127) / 255);
        bgrx[4 * x + 3] = 255;
    }
}

int cjpeg_is_cmyk(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    struct jpeg_decompress_struct info;
    struct guard g;
    guard_init(&g, NULL, 0);
    info.err = &g.manager;
    if (setjmp(g.jump)) { jpeg_destroy_decompress(&info); return 0; }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, (unsigned char *)data, (unsigned long)size);
    int cmyk = jpeg_read_header(&info, TRUE) == JPEG_HEADER_OK && is_cmyk(&info);
    jpeg_destroy_decompress(&info);
    return cmyk;
}

int cjpeg_size(const uint8_t *data, size_t size, int *width, int *height, char *error, int errorSize) {
    return cjpeg_scaled_size(data, size, 1, width, height, error, errorSize);
}

int cjpeg_scaled_size(const uint8_t *data, size_t size, int denom, int *width, int *height, char *error, int errorSize) {
    if (denom != 1 && denom != 2 && denom != 4 && denom != 8) { say(error, errorSize, "scale must be 1, 2, 4 or 8"); return -1; }
    if (size == 0) { say(error, errorSize, "empty"); return -1; }
    struct jpeg_decompress_struct info;
    struct guard g;
    guard_init(&g, error, errorSize);
    info.err = &g.manager;
    if (setjmp(g.jump)) { jpeg_destroy_decompress(&info); return -1; }
    jpeg_create_decompress(&info);
    if (open_scaled(&info, data, size, denom) != 0) { jpeg_destroy_decompress(&info); say(error, errorSize, "no image"); return -1; }
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

int cjpeg_decode(const uint8_t *data, size_t size, int denom, uint8_t *pixels, int pitch, int width, int height,
                 char *error, int errorSize) {
    if (denom != 1 && denom != 2 && denom != 4 && denom != 8) { say(error, errorSize, "scale must be 1, 2, 4 or 8"); return -1; }
    if (size == 0) { say(error, errorSize, "empty"); return -1; }
    struct jpeg_decompress_struct info;
    struct guard g;
    guard_init(&g, error, errorSize);
    info.err = &g.manager;
    if (setjmp(g.jump)) { jpeg_destroy_decompress(&info); return -1; }
    jpeg_create_decompress(&info);
    if (open_scaled(&info, data, size, denom) != 0) { jpeg_destroy_decompress(&info); say(error, errorSize, "no image"); return -1; }
    if ((int)info.output_width != width || (int)info.output_height != height || pitch < width * 4) {
        jpeg_destroy_decompress(&info);
        say(error, errorSize, "output size differs from the buffer's");
        return -1;
    }
    uint8_t *volatile cmyk = NULL;   // volatile: freed after a longjmp
    if (info.out_color_space == JCS_CMYK) {
        if (setjmp(g.jump)) { jpeg_destroy_decompress(&info); free(cmyk); return -1; }
        cmyk = malloc((size_t)width * 4);
        if (!cmyk) { jpeg_destroy_decompress(&info); say(error, errorSize, "out of memory"); return -1; }
    }
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        uint8_t *out = pixels + (size_t)info.output_scanline * (size_t)pitch;
        JSAMPROW row = cmyk ? cmyk : out;
        jpeg_read_scanlines(&info, &row, 1);
        if (cmyk) cmyk_row(cmyk, out, width, info.saw_Adobe_marker);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(cmyk);
    return 0;
}

// SplitMix64: the seed's colours and the noise, the same on every machine.
static uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static int clamp255(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

int cjpeg_encode_picture(int width, int height, int quality, uint64_t seed, int noise, uint8_t **out, size_t *outSize,
                         char *error, int errorSize) {
    if (width < 1 || height < 1 || width > 65500 || height > 65500) { say(error, errorSize, "sides must be 1–65500 pixels"); return -1; }
    if (quality < 1 || quality > 100) { say(error, errorSize, "quality must be 1–100"); return -1; }
    if (noise < 0 || noise > 128) { say(error, errorSize, "noise must be 0–128"); return -1; }
    *out = NULL;
    *outSize = 0;
    struct jpeg_compress_struct info;
    struct guard g;
    guard_init(&g, error, errorSize);
    info.err = &g.manager;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    uint8_t *volatile row = NULL;   // volatile: read after a longjmp
    if (setjmp(g.jump)) {
        jpeg_destroy_compress(&info);
        free(row);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    row = malloc((size_t)width * 3);
    if (!row) { jpeg_destroy_compress(&info); say(error, errorSize, "out of memory"); return -1; }
    uint64_t a = mix(seed), b = mix(seed ^ 0x5DEECE66DULL);
    int from[3] = {(int)(a & 255), (int)((a >> 8) & 255), (int)((a >> 16) & 255)};
    int to[3] = {(int)(b & 255), (int)((b >> 8) & 255), (int)((b >> 16) & 255)};
    // Value noise on a 4-pixel lattice: detail a JPEG spends its bytes on, as it does on a photo's.
    uint64_t noiseSeed = mix(seed ^ 0xA5A5A5A5ULL);
    long span = (long)width + (long)height - 2;
    jpeg_start_compress(&info, TRUE);
    for (int y = 0; y < height; y++) {
        uint64_t h = 0;
        for (int x = 0; x < width; x++) {
            long t256 = span > 0 ? ((long)x + (long)y) * 256 / span : 0;
            if (noise == 0) {
                for (int c = 0; c < 3; c++) row[x * 3 + c] = (uint8_t)(from[c] + (int)((to[c] - from[c]) * t256 / 256));
                continue;
            }
            if ((x & 3) == 0) h = mix(noiseSeed ^ ((uint64_t)(x >> 2) << 32) ^ (uint64_t)(y >> 2));
            int n = (int)(h % (uint64_t)(2 * noise + 1)) - noise;
            // A pixel's own grain, a quarter of the noise: a cheap hash of its place.
            uint32_t grain = ((uint32_t)x * 73856093u) ^ ((uint32_t)y * 19349663u) ^ (uint32_t)noiseSeed;
            grain ^= grain >> 13;
            grain *= 0x5bd1e995u;
            grain ^= grain >> 15;
            for (int c = 0; c < 3; c++) {
                int base = from[c] + (int)((to[c] - from[c]) * t256 / 256);
                int jitter = (int)((grain >> (8 * c)) % (uint32_t)(noise / 4 + 1));
                row[x * 3 + c] = (uint8_t)clamp255(base + n + jitter);
            }
        }
        JSAMPROW rows = row;
        jpeg_write_scanlines(&info, &rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(row);
    *out = buffer;
    *outSize = (size_t)length;
    return 0;
}

void cjpeg_free(uint8_t *buffer) { free(buffer); }
