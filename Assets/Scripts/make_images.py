#!/usr/bin/env python3
"""Generate the bundled grid images: Assets/Images/img-000.jpg ...

Procedural art at 2x tile size (300x440 px for a 150x220 pt tile): mountain
ranges, sunsets over the sea, night skies, auroras, city skylines, dunes,
planets, flow fields, stained-glass Voronoi mosaics, water ripples, marbled
fluid and bokeh. Every image is seeded from its index, so a run always
produces the same pictures. Each carries its number, small, in the
bottom-right corner.

Regenerate with:  python3 Assets/Scripts/make_images.py [--count N] [--out DIR]
The photos scene's larger photos (sharp at its 3x zoom):
                  python3 Assets/Scripts/make_images.py --photos
Needs numpy and Pillow (pip install numpy pillow); the product only reads the
resulting JPEG files.
"""

import argparse
import colorsys
import math
import os
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

OUT_W, OUT_H = 300, 440       # 2x a 150x220 pt tile
SS = 2                        # supersampling factor while rendering
W, H = OUT_W * SS, OUT_H * SS
BASE_SEED = 20240611
JPEG_QUALITY = 85

# ---------------------------------------------------------------- helpers


def hexc(s):
    s = s.lstrip("#")
    return np.array([int(s[i:i + 2], 16) for i in (0, 2, 4)], np.float32) / 255.0


def shift_hue(c, dh, ds=0.0, dv=0.0):
    h, s, v = colorsys.rgb_to_hsv(*[float(x) for x in c])
    h = (h + dh) % 1.0
    s = min(1.0, max(0.0, s + ds))
    v = min(1.0, max(0.0, v + dv))
    return np.array(colorsys.hsv_to_rgb(h, s, v), np.float32)


def mix(a, b, t):
    return a + (b - a) * t


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def interp_stops(stops, t):
    """Piecewise-linear colour ramp. stops: [(pos, rgb), ...]; t: array."""
    pos = np.array([p for p, _ in stops], np.float32)
    cols = np.array([c for _, c in stops], np.float32)
    t = np.asarray(t, np.float32)
    out = np.empty(t.shape + (3,), np.float32)
    for ch in range(3):
        out[..., ch] = np.interp(t, pos, cols[:, ch])
    return out


def vertical_gradient(stops):
    col = interp_stops(stops, np.linspace(0, 1, H))
    return np.broadcast_to(col[:, None, :], (H, W, 3)).copy()


def blend(base, color, alpha):
    a = np.asarray(alpha, np.float32)
    if a.ndim == 2:
        a = a[..., None]
    return base * (1 - a) + np.asarray(color, np.float32) * a


def coords():
    """Pixel grid in units of the image width (x in 0..1, y in 0..H/W)."""
    y, x = np.mgrid[0:H, 0:W].astype(np.float32)
    return x / W, y / W


class Noise:
    """Seeded value noise on a wrapped lattice, sampled at any float coords."""

    def __init__(self, rng, n=256):
        self.n = n
        self.g = rng.random((n, n)).astype(np.float32)

    def __call__(self, x, y):
        x = np.asarray(x, np.float32)
        y = np.asarray(y, np.float32)
        xf = np.floor(x)
        yf = np.floor(y)
        fx = x - xf
        fy = y - yf
        sx = fx * fx * fx * (fx * (fx * 6 - 15) + 10)
        sy = fy * fy * fy * (fy * (fy * 6 - 15) + 10)
        n = self.n
        xi = xf.astype(np.int64) % n
        yi = yf.astype(np.int64) % n
        x1 = (xi + 1) % n
        y1 = (yi + 1) % n
        g = self.g
        a = g[yi, xi]
        b = g[yi, x1]
        c = g[y1, xi]
        d = g[y1, x1]
        return mix(mix(a, b, sx), mix(c, d, sx), sy)

    def fbm(self, x, y, octaves=5, lac=2.0, gain=0.5):
        total = 0.0
        amp = 0.5
        norm = 0.0
        x = np.asarray(x, np.float32)
        y = np.asarray(y, np.float32)
        for o in range(octaves):
            total = total + amp * self(x, y)
            norm += amp
            # rotate a little per octave to hide the lattice
            x, y = (x * 0.8 - y * 0.6) * lac + 17.31, (x * 0.6 + y * 0.8) * lac + 9.17
            amp *= gain
        return total / norm

    def ridge1d(self, x, octaves=6, sharp=True, row=0.0):
        """1-D ridge line in 0..1 along x (array)."""
        total = 0.0
        amp = 0.5
        norm = 0.0
        for o in range(octaves):
            v = self(x * (2.0 ** o), np.full_like(x, row + o * 7.7))
            if sharp:
                v = 1.0 - np.abs(2 * v - 1)
            total = total + amp * v
            norm += amp
            amp *= 0.5
        return total / norm


def smooth1d(a, sigma):
    """Gaussian smoothing of a 1-D array (edges padded by reflection)."""
    r = int(sigma * 3) + 1
    k = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    k /= k.sum()
    return np.convolve(np.pad(a, r, mode="reflect"), k, mode="valid").astype(np.float32)


def soft_disc(x, y, cx, cy, r, feather):
    d = np.sqrt((x - cx) ** 2 + (y - cy) ** 2)
    return 1.0 - smoothstep(r - feather, r + feather, d), d


def add_stars(img, rng, count, region_mask=None, big=0.04, tint=None):
    """Gaussian star dots; brighter ones get a soft halo."""
    ys = rng.random(count) * H
    xs = rng.random(count) * W
    mags = rng.random(count) ** 3
    for sx, sy, m in zip(xs, ys, mags):
        ix, iy = int(sx), int(sy)
        if region_mask is not None and region_mask[min(iy, H - 1), min(ix, W - 1)] < 0.5:
            continue
        r = 1.0 + 2.2 * m + (3 if rng.random() < big else 0)
        rad = int(r * 3) + 2
        x0, x1 = max(0, ix - rad), min(W, ix + rad + 1)
        y0, y1 = max(0, iy - rad), min(H, iy + rad + 1)
        if x0 >= x1 or y0 >= y1:
            continue
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        d2 = (xx - sx) ** 2 + (yy - sy) ** 2
        a = (0.35 + 0.65 * m) * np.exp(-d2 / (2 * (r * 0.55) ** 2))
        col = np.array([1.0, 1.0, 1.0], np.float32)
        if tint is not None:
            col = mix(col, tint, rng.random() * 0.5)
        else:
            col = mix(col, np.array([0.75, 0.85, 1.0], np.float32) if rng.random() < 0.5
                      else np.array([1.0, 0.88, 0.75], np.float32), rng.random() * 0.6)
        img[y0:y1, x0:x1] = img[y0:y1, x0:x1] + (1 - img[y0:y1, x0:x1]) * a[..., None] * col
    return img


def vignette(img, strength=0.35):
    x, y = coords()
    cx, cy = 0.5, (H / W) / 2
    d = np.sqrt((x - cx) ** 2 + ((y - cy) * 0.75) ** 2)
    v = 1 - strength * smoothstep(0.3, 0.85, d)
    return img * v[..., None]


def silhouette_trees(img, rng, ground_y, color, count, hmin, hmax):
    """Pine silhouettes standing on a ground line (array over x)."""
    x, y = coords()
    mask = np.zeros((H, W), np.float32)
    for _ in range(count):
        cx = rng.random()
        ix = min(W - 1, int(cx * W))
        base = ground_y[ix]
        h = hmin + (hmax - hmin) * rng.random()
        top = base - h
        half = h * (0.16 + 0.06 * rng.random())
        # tiers of a pine: saw-tooth width profile
        t = np.clip((y - top) / h, 0, 1)
        tiers = 5
        saw = (t * tiers) % 1.0
        width = half * (0.25 + 0.75 * t) * (0.55 + 0.45 * saw)
        inside = (y >= top) & (y <= base + 0.01) & (np.abs(x - cx) <= width)
        trunk = (y > base - h * 0.08) & (y <= base + 0.01) & (np.abs(x - cx) < h * 0.02)
        mask = np.maximum(mask, (inside | trunk).astype(np.float32))
    return blend(img, color, mask)


# ---------------------------------------------------------------- palettes

ABSTRACT_PALETTES = [
    ["#0b132b", "#1c2541", "#3a506b", "#5bc0be", "#e0fbfc"],
    ["#2b0f54", "#ab1f65", "#ff4f5a", "#ff9e44", "#ffd65a"],
    ["#03071e", "#6a040f", "#d00000", "#f48c06", "#ffba08"],
    ["#012a36", "#14453d", "#29a36a", "#a8e06e", "#f2f5a0"],
    ["#22223b", "#4a4e69", "#9a8c98", "#c9ada7", "#f2e9e4"],
    ["#10002b", "#3c096c", "#7b2cbf", "#c77dff", "#e0aaff"],
    ["#001219", "#005f73", "#0a9396", "#94d2bd", "#e9d8a6"],
    ["#3d0c02", "#8c2f39", "#e26d5c", "#f6bd60", "#f7ede2"],
    ["#0d1b2a", "#1b263b", "#415a77", "#e76f51", "#f4a261"],
    ["#1a1423", "#372549", "#774c60", "#b75d69", "#eacdc2"],
    ["#073b4c", "#118ab2", "#06d6a0", "#ffd166", "#ef476f"],
    ["#2d1e2f", "#5e3a50", "#c0587e", "#f08f7b", "#fcd29f"],
]


def palette(rng, variant, salt):
    """A curated palette; variant and salt spread the choices so no two images of a kind share one."""
    p = ABSTRACT_PALETTES[(variant * 7 + salt * 5) % len(ABSTRACT_PALETTES)]
    cols = [hexc(c) for c in p]
    dh = rng.uniform(-0.04, 0.04)
    return [shift_hue(c, dh) for c in cols]


def ramp(cols):
    n = len(cols)
    return [(i / (n - 1), c) for i, c in enumerate(cols)]


SKIES = {
    "dawn":     ["#2b3a67", "#6b5b95", "#d88c9a", "#f2d0a4", "#fbe9c8"],
    "day":      ["#1f5fa8", "#3f86c9", "#7db3e0", "#bfe0f2", "#e8f4f8"],
    "sunset":   ["#1d1a3a", "#5a2a5c", "#c0445a", "#f08a4b", "#fbd26a"],
    "dusk":     ["#0c1445", "#2d2a6e", "#6d4c8f", "#d27685", "#f6b98a"],
    "mist":     ["#50707a", "#7e9c9f", "#a9c2bd", "#d2dfd6", "#eef2ea"],
    "winter":   ["#16324f", "#2f6690", "#7fa7c9", "#c9dced", "#f4f7fb"],
    "golden":   ["#3c2a4d", "#8c4f5b", "#dd8a54", "#f4c26b", "#fff0c2"],
    "teal":     ["#062b35", "#0f5257", "#2e8b8b", "#9fd3c7", "#f3e9d2"],
}


def sky_ramp(name, rng, dh_range=0.03):
    dh = rng.uniform(-dh_range, dh_range)
    cols = [shift_hue(hexc(c), dh) for c in SKIES[name]]
    return cols


# ---------------------------------------------------------------- scenes


def scene_mountains(rng, v):
    kind = ["dawn", "day", "sunset", "dusk", "mist", "winter", "golden", "teal"][(v * 3) % 8]
    sky = sky_ramp(kind, rng)
    horizon = rng.uniform(0.45, 0.62)
    img = vertical_gradient([(0, sky[0]), (horizon * 0.45, sky[1]), (horizon * 0.8, sky[2]),
                             (horizon, sky[3]), (1, sky[4])])
    x, y = coords()
    aspect = H / W
    # sun or moon with glow
    sx, sy = rng.uniform(0.2, 0.8), rng.uniform(0.25, 0.55) * aspect * horizon * 1.4
    sun_col = mix(sky[4], np.array([1, 1, 0.95], np.float32), 0.6)
    disc, d = soft_disc(x, y, sx, sy, rng.uniform(0.05, 0.09), 0.004)
    img = img + (sun_col * 0.5)[None, None, :] * np.exp(-d / 0.18)[..., None] * 0.6
    img = blend(img, sun_col, disc * 0.95)
    # thin clouds
    nz = Noise(rng)
    cl = nz.fbm(x * 3, y * 14, 5)
    cl = smoothstep(0.55, 0.75, cl) * smoothstep(horizon * aspect, horizon * aspect * 0.3, y)
    img = blend(img, mix(sky[3], sky[4], 0.6), cl * 0.45)
    # mountain layers, far to near
    layers = int(rng.integers(4, 7))
    haze = mix(sky[3], sky[4], 0.4)
    near = mix(shift_hue(sky[0], rng.uniform(-0.08, 0.08), 0.1, -0.2),
               np.array([0.03, 0.04, 0.06], np.float32), 0.55)
    xs = np.linspace(0, 1, W, dtype=np.float32)
    yy = np.arange(H, dtype=np.float32)[:, None] / W
    for k in range(layers):
        depth = k / (layers - 1)
        freq = rng.uniform(1.6, 3.0) * (1 + depth * 0.8)
        line = nz.ridge1d(xs * freq + rng.uniform(0, 50), sharp=(k < layers - 1), row=k * 13.0)
        base = (horizon + 0.05 + depth * (0.98 - horizon) * 0.75) * aspect
        amp = (0.42 - depth * 0.25) * aspect * rng.uniform(0.7, 1.1)
        ridge = base - amp * line
        col = mix(haze, near, depth ** 0.9)
        cover = np.clip((yy - ridge[None, :]) * W + 0.5, 0, 1)
        # mist in the valleys: lighter toward the bottom of each layer
        soft = smooth1d(ridge, 40 * SS)[None, :]
        fog = smoothstep(0.0, 0.2, yy - soft) * 0.28 * (1 - depth * 0.7)
        # slight light on the sunny flank
        slope = smooth1d(np.gradient(ridge) * W, 6 * SS)[None, :] * (1 if sx > 0.5 else -1)
        below = np.clip(yy - soft, 0, None)
        lit = np.tanh(slope * 1.5) * 0.12 * np.exp(-below / 0.12) * (1 - depth * 0.4)
        layer = np.broadcast_to(col, (H, W, 3)) * (1 + lit[..., None])
        layer = blend(layer, haze, fog)
        img = blend(img, layer, cover)
    img = vignette(img, 0.25)
    return img


def scene_sunset_sea(rng, v):
    kind = ["sunset", "golden", "dusk", "dawn", "teal", "day"][v % 6]
    sky = sky_ramp(kind, rng, 0.05)
    x, y = coords()
    aspect = H / W
    hz = rng.uniform(0.52, 0.66) * aspect
    img = vertical_gradient([(0, sky[0]), (hz / aspect * 0.4, sky[1]), (hz / aspect * 0.75, sky[2]),
                             (hz / aspect * 0.95, sky[3]), (hz / aspect, sky[4]), (1, sky[0])])
    sx = rng.uniform(0.3, 0.7)
    sy = hz - rng.uniform(-0.02, 0.12)
    sun = mix(sky[4], np.array([1, 1, 0.9], np.float32), 0.5)
    disc, d = soft_disc(x, y, sx, sy, rng.uniform(0.07, 0.12), 0.003)
    disc = disc * (y < hz)
    img = img + sun[None, None, :] * (np.exp(-d / 0.22) * 0.55 * (y < hz))[..., None]
    img = blend(img, sun, disc)
    nz = Noise(rng)
    # clouds: horizontally stretched, lit from below on their lower edges
    cl = nz.fbm(x * 2.2 + 3, y * 9, 6)
    band = smoothstep(0.1 * aspect, 0.3 * aspect, y) * smoothstep(hz, hz * 0.7, y)
    dens = smoothstep(0.5, 0.72, cl) * band
    under = smoothstep(0.5, 0.72, nz.fbm(x * 2.2 + 3, (y - 0.012) * 9, 6)) * band
    rim = np.clip(dens - under, 0, 1)
    cloud_col = mix(sky[1], sky[0], 0.5)
    img = blend(img, cloud_col, dens * 0.85)
    img = img + (sky[3] * 0.9)[None, None, :] * (rim * 2.5)[..., None] * np.exp(-np.abs(x - sx) * 2)[..., None]
    # sea
    sea = y >= hz
    t = np.clip((y - hz) / (aspect - hz), 0, 1)
    water = interp_stops([(0, mix(sky[3], sky[1], 0.5)), (0.3, mix(sky[1], sky[0], 0.4)), (1, sky[0] * 0.6)], t)
    waves = nz(x * 40, np.clip(y - hz, 0, None) ** 0.7 * 90)
    glitter = smoothstep(0.55, 0.9, nz(x * 70, y * 420)) * np.exp(-np.abs(x - sx) / (0.03 + 0.25 * t))
    water = water * (0.9 + 0.2 * waves[..., None])
    water = water + sun[None, None, :] * glitter[..., None] * 0.9
    img = np.where(sea[..., None], water, img)
    # horizon haze line
    img = img + (sky[4] * 0.25)[None, None, :] * np.exp(-np.abs(y - hz) / 0.006)[..., None]
    return vignette(img, 0.3)


def scene_night(rng, v):
    x, y = coords()
    aspect = H / W
    hue = [0.0, 0.08, -0.08, 0.16, -0.14, 0.04][v % 6] + rng.uniform(-0.02, 0.02)
    top = shift_hue(hexc("#02030d"), hue)
    mid = shift_hue(hexc("#0b1a3a"), hue)
    low = shift_hue(hexc(["#24355f", "#3b2a5c", "#1d4a5a", "#5a3a2a"][v % 4]), hue)
    img = vertical_gradient([(0, top), (0.5, mid), (0.85, low), (1, low)])
    nz = Noise(rng)
    # milky way: a tilted band with clumpy glow and dark dust lanes
    ang = rng.uniform(-1.1, 1.1)
    cx, cy = 0.5, rng.uniform(0.25, 0.45) * aspect
    u = (x - cx) * math.cos(ang) + (y - cy) * math.sin(ang)
    v = -(x - cx) * math.sin(ang) + (y - cy) * math.cos(ang)
    band = np.exp(-(v / 0.13) ** 2)
    glow = nz.fbm(u * 6, v * 6, 6)
    dust = smoothstep(0.5, 0.7, nz.fbm(u * 8 + 30, v * 16, 5))
    mw = band * smoothstep(0.35, 0.8, glow) * (1 - 0.8 * dust * np.exp(-(v / 0.06) ** 2))
    warm = mix(np.array([0.95, 0.8, 0.7], np.float32), np.array([0.7, 0.75, 1.0], np.float32),
               np.clip(0.5 + u, 0, 1)[..., None])
    img = img + warm * (mw * 0.55)[..., None]
    sky_mask = np.ones((H, W), np.float32)
    img = add_stars(img, rng, 900, sky_mask)
    # denser faint stars in the band
    fy = rng.random(1500) * H
    fx = rng.random(1500) * W
    keep = rng.random(1500) < band[fy.astype(int), fx.astype(int)]
    for px, py in zip(fx[keep].astype(int), fy[keep].astype(int)):
        img[py, px] = np.minimum(1, img[py, px] + 0.55)
    # foreground: hills and pines
    xs = np.linspace(0, 1, W, dtype=np.float32)
    yy = np.arange(H, dtype=np.float32)[:, None] / W
    far = (0.8 - 0.12 * nz.ridge1d(xs * 2.5 + 5, row=3)) * aspect
    img = blend(img, mix(low, top, 0.5) * 0.8, np.clip((yy - far[None, :]) * W + 0.5, 0, 1))
    ground = (0.9 - 0.05 * nz.ridge1d(xs * 1.5 + 40, sharp=False, row=9)) * aspect
    dark = np.array([0.01, 0.012, 0.02], np.float32)
    img = blend(img, dark, np.clip((yy - ground[None, :]) * W + 0.5, 0, 1))
    img = silhouette_trees(img, rng, ground, dark, int(rng.integers(6, 16)), 0.06, 0.22)
    return vignette(img, 0.3)


def scene_aurora(rng, v):
    x, y = coords()
    aspect = H / W
    pairs = [("#3dff9a", "#b04dff"), ("#45ffb0", "#ff4d6d"), ("#4de8ff", "#4d6bff"),
             ("#7dff6a", "#ffd24d"), ("#ff6ad5", "#7a4dff"), ("#3dffd0", "#3d7bff")]
    p1, p2 = pairs[v % len(pairs)]
    c1 = shift_hue(hexc(p1), rng.uniform(-0.03, 0.03))
    c2 = shift_hue(hexc(p2), rng.uniform(-0.03, 0.03))
    night = shift_hue(hexc("#041226"), rng.uniform(-0.05, 0.05))
    img = vertical_gradient([(0, hexc("#010208")), (0.5, night), (1, night * 1.6)])
    img = add_stars(img, rng, 650)
    nz = Noise(rng)
    hz = rng.uniform(0.7, 0.76) * aspect
    aur = np.zeros((H, W), np.float32)
    top_col = np.zeros((H, W), np.float32)
    xs = np.linspace(0, 1, W, dtype=np.float32)
    for k in range(int(rng.integers(2, 4))):
        b0 = hz - rng.uniform(0.25, 0.42) * aspect
        wave = (0.06 * aspect * np.sin(xs * rng.uniform(2, 4) + rng.uniform(0, 6.28))
                + 0.3 * aspect * (nz.fbm(xs * 1.1 + k * 10, np.full_like(xs, k * 3.0), 4) - 0.5))
        base = (b0 + wave)[None, :]
        dy = base - y                       # positive above the base curve
        rays = (0.25 + 0.75 * nz(xs * 90 + k * 20, np.full_like(xs, 1.0 + k)) ** 2)[None, :]
        rays = rays * (0.6 + 0.4 * nz(x * 25, y * 2))
        height = (0.05 + 0.13 * nz(xs * 3 + k, np.full_like(xs, 5.0 + k)) ** 2)[None, :]
        a = np.where(dy > 0, np.exp(-np.clip(dy, 0, None) / height), np.exp(np.clip(dy, None, 0) / 0.01)) * rays
        a = a * smoothstep(0.1, 0.45, nz.fbm(xs * 2.5 + k * 4, np.full_like(xs, 2.0 * k), 3))[None, :]
        aur = aur + a * rng.uniform(0.6, 1.0)
        top_col = np.maximum(top_col, np.clip(dy / (height * 1.4), 0, 1))
    col = mix(c1[None, None, :], c2[None, None, :], top_col[..., None])
    img = img + col * (np.clip(aur, 0, 1.4) * 0.85)[..., None]
    # faint green airglow above the horizon
    img = img + c1[None, None, :] * (np.exp(-np.abs(y - hz) / 0.08) * 0.08)[..., None]
    img = np.clip(img, 0, 1)
    # snowy dark mountains on the far shore, a calm lake in front
    yy = np.arange(H, dtype=np.float32)[:, None] / W
    mount = hz - 0.2 * aspect * nz.ridge1d(xs * 2.2 + 9, row=4) ** 1.5
    mask_m = np.clip((yy - mount[None, :]) * W + 0.5, 0, 1)
    dark = night * 0.35
    rock = mix(dark, col.mean(axis=(0, 1)) * 0.5 + 0.1, (0.35 * np.exp(-np.clip(yy - mount[None, :], 0, None) / 0.03))[..., None])
    img = blend(img, rock, mask_m)
    iy = np.arange(H)
    hz_px = int(hz * W)
    src = np.clip(2 * hz_px - iy, 0, H - 1)
    ripple = (nz(x * 6, y * 220) - 0.5) * 8
    idx = np.clip((np.arange(W)[None, :] + ripple).astype(int), 0, W - 1)
    refl = np.take_along_axis(img[src], idx[..., None].repeat(3, axis=2), axis=1)
    lake = (iy >= hz_px)[:, None, None]
    img = np.where(lake, refl * 0.6 + dark * 0.4, img)
    return vignette(img, 0.3)


def scene_city(rng, v):
    x, y = coords()
    aspect = H / W
    kind = ["dusk", "sunset", "dawn", "teal", "golden", "mist"][v % 6]
    sky = sky_ramp(kind, rng, 0.05)
    hz = rng.uniform(0.64, 0.74) * aspect
    img = vertical_gradient([(0, sky[0]), (hz / aspect * 0.45, sky[1]), (hz / aspect * 0.8, sky[2]),
                             (hz / aspect, sky[3]), (1, sky[0])])
    if kind in ("dusk", "teal"):
        img = add_stars(img, rng, 200, (y < hz * 0.6).astype(np.float32))
    mx, my = rng.uniform(0.15, 0.85), rng.uniform(0.12, 0.3) * aspect
    moon, d = soft_disc(x, y, mx, my, rng.uniform(0.04, 0.07), 0.003)
    mc = mix(sky[4], np.array([1, 1, 1], np.float32), 0.6)
    img = img + mc[None, None, :] * (np.exp(-d / 0.1) * 0.25)[..., None]
    img = blend(img, mc, moon)
    win_cols = [hexc("#ffd27a"), hexc("#ffe9b0"), hexc("#9fd8ff"), hexc("#ffb36b")]
    n_layers = 3
    hz_px = int(hz * W)
    for k in range(n_layers):
        depth = k / (n_layers - 1)
        col = mix(mix(sky[2], sky[3], 0.3), mix(sky[0], np.array([0.02, 0.02, 0.04], np.float32), 0.7),
                  0.35 + 0.65 * depth)
        xpos = -rng.uniform(0, 20)
        while xpos < W:
            bw = rng.uniform(18, 60) * (1 + depth * 0.6) * SS / 2 * 2
            bh = rng.uniform(0.08, 0.38) * aspect * W * (1 - depth * 0.35)
            if rng.random() < 0.12:
                bh *= 1.5
            x0, x1 = int(max(0, xpos)), int(min(W, xpos + bw))
            y0 = int(max(0, hz_px - bh))
            if x1 > x0:
                img[y0:hz_px, x0:x1] = col
                if rng.random() < 0.3:   # antenna / spire
                    ax = (x0 + x1) // 2
                    img[max(0, y0 - int(bh * 0.15)):y0, ax - 1:ax + 1] = col
                if rng.random() < 0.3:   # stepped top
                    s = int((x1 - x0) * 0.2)
                    img[max(0, y0 - int(bh * 0.07)):y0, x0 + s:x1 - s] = col
                if k > 0:
                    # lit windows
                    wc = win_cols[rng.integers(len(win_cols))]
                    lit_p = rng.uniform(0.15, 0.55)
                    step_x, step_y = 8, 11
                    for wy in range(y0 + 8, hz_px - 6, step_y):
                        for wx in range(x0 + 5, x1 - 7, step_x):
                            if rng.random() < lit_p:
                                b = rng.uniform(0.55, 1.0)
                                img[wy:wy + 5, wx:wx + 4] = mix(col, wc, b)
            xpos += bw + rng.uniform(-6, 4)
    # water with broken reflection
    nz = Noise(rng)
    iy = np.arange(H)
    src = np.clip(2 * hz_px - iy, 0, H - 1)
    ripple = (nz(x * 5, y * 160) - 0.5) * 18
    idx = np.clip((np.arange(W)[None, :] + ripple).astype(int), 0, W - 1)
    refl = np.take_along_axis(img[src], idx[..., None].repeat(3, axis=2), axis=1)
    water_base = mix(sky[0], sky[1], 0.3)
    refl = refl * 0.6 + water_base * 0.3
    streak = smoothstep(0.6, 0.8, nz(x * 3, y * 300))
    refl = refl * (0.85 + 0.3 * streak[..., None])
    img = np.where((iy >= hz_px)[:, None, None], refl, img)
    return vignette(img, 0.3)


def scene_dunes(rng, v):
    x, y = coords()
    aspect = H / W
    kind = ["golden", "sunset", "day", "dawn", "dusk", "mist"][v % 6]
    sky = sky_ramp(kind, rng, 0.03)
    hz = rng.uniform(0.4, 0.55)
    img = vertical_gradient([(0, sky[1]), (hz * 0.7, sky[2]), (hz, sky[4]), (1, sky[4])])
    sx, sy = rng.uniform(0.15, 0.85), rng.uniform(0.15, 0.35) * aspect
    disc, d = soft_disc(x, y, sx, sy, 0.06, 0.003)
    sun = np.array([1, 0.97, 0.85], np.float32)
    img = img + sun[None, None, :] * (np.exp(-d / 0.15) * 0.35)[..., None]
    img = blend(img, sun, disc)
    nz = Noise(rng)
    sand_h = rng.uniform(0.02, 0.1)
    lit = shift_hue(hexc("#f2b36b"), sand_h - 0.05, 0, 0.02)
    shade = shift_hue(hexc("#8a3b2e"), sand_h - 0.05, -0.05, 0)
    xs = np.linspace(0, 1, W, dtype=np.float32)
    yy = np.arange(H, dtype=np.float32)[:, None] / W
    layers = 5
    for k in range(layers):
        depth = k / (layers - 1)
        base = (hz + 0.06 + depth * (1 - hz) * 0.8) * aspect
        f = rng.uniform(1.2, 2.2) * (1 + depth)
        line = nz.fbm(xs * f + k * 11, np.full_like(xs, k * 5.0), 2)
        line = np.abs(line - 0.5) * 2   # sharp crests
        ridge = base - (0.16 - depth * 0.05) * aspect * (1 - line)
        slope = smooth1d(np.gradient(ridge) * W, 1.5 * SS)
        # sun from the left or right lights one flank
        facing = np.clip((slope if sx < 0.5 else -slope) * 2.0, -1, 1)
        lt = 0.5 + 0.5 * np.tanh(facing * 3)
        below = yy - ridge[None, :]
        c = mix(shade, lit, lt[None, :, None] * np.exp(-np.clip(below, 0, None) / 0.4)[..., None])
        haze_t = (1 - depth) * 0.55
        c = mix(c, sky[4][None, None, :], haze_t)
        ripples = 0.025 * np.sin((below * 260 + nz(xs * 8, np.full_like(xs, 1.0))[None, :] * 8))
        c = c * (1 + ripples[..., None] * depth)
        cover = np.clip(below * W + 0.5, 0, 1)
        img = blend(img, c, cover)
    return vignette(img, 0.25)


def scene_planet(rng, v):
    x, y = coords()
    aspect = H / W
    img = vertical_gradient([(0, hexc("#03020a")), (1, hexc("#0a0718"))])
    nz = Noise(rng)
    pal = palette(rng, v, 1)
    neb = nz.fbm(x * 3, y * 3, 6)
    neb2 = nz.fbm(x * 5 + 10, y * 5, 5)
    ncol = mix(pal[2], pal[3], neb2[..., None])
    img = img + ncol * (smoothstep(0.45, 0.85, neb) * 0.35)[..., None]
    img = add_stars(img, rng, 700)
    cx, cy = rng.uniform(0.35, 0.65), rng.uniform(0.45, 0.7) * aspect
    r = rng.uniform(0.22, 0.32)
    dx, dy = (x - cx) / r, (y - cy) / r
    rr = dx * dx + dy * dy
    inside = rr < 1
    z = np.sqrt(np.clip(1 - rr, 0, 1))
    L = np.array([-0.6, -0.45, 0.65], np.float32)
    L /= np.linalg.norm(L)
    diff = np.clip(dx * L[0] + dy * L[1] + z * L[2], 0, 1)
    tilt = rng.uniform(-0.4, 0.4)
    lat = dy * math.cos(tilt) - dx * math.sin(tilt)
    bands = nz.fbm(lat * 6 + 0.4 * nz.fbm(dx * 4, dy * 4, 4), np.full_like(lat, 3.0) + dx * 0.3, 5)
    surf = interp_stops(ramp(pal[1:]), np.clip(bands * 1.4 - 0.2, 0, 1))
    shaded = surf * (0.06 + 1.0 * diff ** 0.9)[..., None]
    rim = np.exp(-(1 - np.sqrt(np.clip(rr, 0, 1))) / 0.05) * (0.3 + diff)
    atmo = pal[3]
    edge = np.clip((1 - np.sqrt(rr)) * r * W + 0.5, 0, 1)
    # ring plane
    ring_t = rng.uniform(0.18, 0.32)
    ca, sa = math.cos(tilt), math.sin(tilt)
    u = (x - cx) * ca + (y - cy) * sa
    v = (-(x - cx) * sa + (y - cy) * ca) / ring_t
    rd = np.sqrt(u * u + v * v) / r
    has_ring = rng.random() < 0.75
    ring_a = np.zeros_like(rd)
    if has_ring:
        r1, r2 = rng.uniform(1.25, 1.45), rng.uniform(1.8, 2.3)
        ring_a = smoothstep(r1, r1 + 0.03, rd) * (1 - smoothstep(r2 - 0.03, r2, rd))
        ring_a = ring_a * (0.35 + 0.65 * nz(rd * 40, np.full_like(rd, 2.0)))
        ring_col = mix(pal[3], pal[4], 0.5)
    glow = np.exp(-np.clip(np.sqrt(rr) - 1, 0, None) / 0.08) * (np.sqrt(rr) >= 1)
    img = img + atmo[None, None, :] * (glow * 0.45)[..., None]
    if has_ring:
        back = v < 0
        img = blend(img, ring_col * 0.9, ring_a * back * 0.85)
    planet = shaded + atmo[None, None, :] * (rim * 0.6)[..., None]
    img = blend(img, planet, edge * inside)
    if has_ring:
        front = v >= 0
        img = blend(img, ring_col, ring_a * front * 0.9)
    return vignette(img, 0.2)


def scene_flow(rng, v):
    pal = palette(rng, v, 2)
    dark_bg = rng.random() < 0.6
    bg = pal[0] * 0.8 if dark_bg else mix(pal[-1], np.array([1, 1, 1], np.float32), 0.5)
    bg2 = mix(bg, pal[1], 0.35)
    base = vertical_gradient([(0, bg), (1, bg2)])
    im = Image.fromarray((np.clip(base, 0, 1) * 255).astype(np.uint8))
    draw = ImageDraw.Draw(im, "RGBA")
    nz = Noise(rng)
    scale = rng.uniform(1.2, 3.0)
    twist = rng.uniform(1.5, 3.5)
    n = 2600
    px = rng.random(n) * W
    py = rng.random(n) * H
    cols = pal[1:] if dark_bg else pal[:-1]
    steps = int(rng.integers(50, 110))
    paths = [[(px[i], py[i])] for i in range(n)]
    cidx = np.clip((nz.fbm(px / W * 1.5, py / W * 1.5, 3) - 0.25) * 2 * len(cols), 0, len(cols) - 1e-3)
    for s in range(steps):
        a = nz.fbm(px / W * scale, py / W * scale, 3) * math.tau * twist
        px = px + np.cos(a) * 3.0
        py = py + np.sin(a) * 3.0
        for i in range(n):
            paths[i].append((px[i], py[i]))
    width = int(rng.integers(2, 5))
    for i in range(n):
        c = cols[int(cidx[i])]
        c8 = tuple(int(v * 255) for v in np.clip(c, 0, 1)) + (int(rng.uniform(90, 200)),)
        draw.line(paths[i], fill=c8, width=width)
    img = np.asarray(im).astype(np.float32) / 255.0
    return vignette(img, 0.25)


def scene_voronoi(rng, v):
    pal = palette(rng, v, 3)
    x, y = coords()
    aspect = H / W
    n = int(rng.integers(40, 130))
    # sites with a bias toward a focal point for variety in cell size
    fx, fy = rng.random(), rng.random() * aspect
    pts = []
    for _ in range(n):
        if rng.random() < 0.5:
            pts.append((fx + rng.normal(0, 0.2), fy + rng.normal(0, 0.25)))
        else:
            pts.append((rng.random() * 1.1 - 0.05, rng.random() * aspect * 1.05))
    d1 = np.full((H, W), 1e9, np.float32)
    d2 = np.full((H, W), 1e9, np.float32)
    idx = np.zeros((H, W), np.int32)
    for i, (sx, sy) in enumerate(pts):
        d = np.sqrt((x - sx) ** 2 + (y - sy) ** 2)
        closer = d < d1
        d2 = np.where(closer, d1, np.minimum(d2, d))
        idx = np.where(closer, i, idx)
        d1 = np.where(closer, d, d1)
    nz = Noise(rng)
    cols = np.array(pal[1:], np.float32)
    choice = np.array([rng.integers(len(cols)) for _ in range(n)])
    # colour by a smooth field so neighbours relate, plus a random pick
    field = nz.fbm(np.array([p[0] for p in pts]) * 2, np.array([p[1] for p in pts]) * 2, 3)
    fpos = np.clip((field - 0.3) * 2.5, 0, 0.999) * len(cols)
    pick = np.where(rng.random(n) < 0.7, fpos.astype(int), choice)
    cell_col = cols[pick] * rng.uniform(0.85, 1.15, (n, 1)).astype(np.float32)
    img = cell_col[idx]
    # glassy shading: lighter toward the site, a diagonal light sweep
    img = img * (1.15 - 0.6 * np.clip(d1 / 0.12, 0, 1) ** 1.5)[..., None]
    sweep = 0.85 + 0.3 * smoothstep(0.0, 1.0, (x + (aspect - y) * 0.6) / (1 + aspect * 0.6))
    img = img * sweep[..., None]
    lead = pal[0] * 0.5
    edge = 1 - smoothstep(0.004, 0.008, d2 - d1)
    img = blend(img, lead, edge)
    return vignette(img, 0.3)


def scene_ripples(rng, v):
    pal = palette(rng, v, 4)
    x, y = coords()
    aspect = H / W
    h = np.zeros((H, W), np.float32)
    for _ in range(int(rng.integers(2, 5))):
        sx, sy = rng.uniform(-0.2, 1.2), rng.uniform(-0.2, 1.2) * aspect
        k = rng.uniform(45, 110)
        d = np.sqrt((x - sx) ** 2 + (y - sy) ** 2)
        h = h + np.cos(d * k + rng.uniform(0, 6.28)) * np.exp(-d * rng.uniform(0.5, 2.0))
    nz = Noise(rng)
    h = h + (nz.fbm(x * 4, y * 4, 4) - 0.5) * 1.5
    gy, gx = np.gradient(h)
    gx *= 60
    gy *= 60
    nrm = np.sqrt(gx * gx + gy * gy + 1)
    L = np.array([-0.4, -0.6, 0.7], np.float32)
    L /= np.linalg.norm(L)
    light = (-gx * L[0] - gy * L[1] + L[2]) / nrm
    t = np.clip(0.5 + 0.25 * h, 0, 1)
    base = interp_stops(ramp(pal), 0.15 + 0.7 * (0.6 * t + 0.4 * np.clip(y / aspect, 0, 1)))
    img = base * (0.55 + 0.6 * light[..., None])
    spec = np.clip(light, 0, 1) ** 40
    img = img + spec[..., None] * 0.6
    return vignette(img, 0.3)


def scene_marble(rng, v):
    pal = palette(rng, v, 5)
    x, y = coords()
    nz = Noise(rng)
    s = rng.uniform(1.5, 3.0)
    px, py = x * s, y * s
    warp = rng.uniform(2.5, 5.0)
    qx = nz.fbm(px, py, 5)
    qy = nz.fbm(px + 5.2, py + 1.3, 5)
    rx = nz.fbm(px + warp * qx + 1.7, py + warp * qy + 9.2, 5)
    ry = nz.fbm(px + warp * qx + 8.3, py + warp * qy + 2.8, 5)
    f = nz.fbm(px + warp * rx, py + warp * ry, 5)
    f = np.clip((f - 0.3) * 2.5, 0, 1)
    img = interp_stops(ramp(pal), f)
    img = mix(img, pal[-1][None, None, :], (np.clip(qx * qx * 1.5, 0, 1) * 0.3)[..., None])
    img = mix(img, pal[1][None, None, :], (np.clip(rx - 0.4, 0, 1) * 0.8)[..., None])
    # thin gold-like veins along level sets
    veins = np.exp(-((f * 12) % 1 - 0.5) ** 2 / 0.002) * 0.15
    img = img + veins[..., None] * pal[-1]
    return vignette(img, 0.2)


def scene_bokeh(rng, v):
    pal = palette(rng, v, 6)
    x, y = coords()
    aspect = H / W
    img = vertical_gradient([(0, pal[0] * 0.5), (0.6, pal[0]), (1, mix(pal[0], pal[1], 0.5))])
    layers = []
    for layer in range(3):
        acc = np.zeros((H, W, 3), np.float32)
        count = [40, 25, 12][layer]
        for _ in range(count):
            cx, cy = rng.random(), rng.random() * aspect
            r = rng.uniform(0.02, 0.06) * (1 + layer * 0.9)
            col = pal[int(rng.integers(1, len(pal)))]
            disc, d = soft_disc(x, y, cx, cy, r, 0.003 + layer * 0.004)
            ring = np.exp(-((d - r) / 0.004) ** 2) * 0.4 * (d < r + 0.01)
            a = disc * rng.uniform(0.15, 0.45) + ring * 0.3
            acc = acc + col * a[..., None]
        im = Image.fromarray((np.clip(acc, 0, 1) * 255).astype(np.uint8))
        im = im.filter(ImageFilter.GaussianBlur(radius=[0.5, 3, 8][layer] * SS))
        layers.append(np.asarray(im).astype(np.float32) / 255.0)
    for l in layers:
        img = 1 - (1 - img) * (1 - l)   # screen blend
    # soft light streak
    ang = rng.uniform(-0.8, 0.8)
    v = -(x - 0.5) * math.sin(ang) + (y - aspect / 2) * math.cos(ang)
    img = img + pal[-1][None, None, :] * (np.exp(-(v / 0.15) ** 2) * 0.12)[..., None]
    return vignette(img, 0.3)


def scene_truchet(rng, v):
    pal = palette(rng, v, 8)
    x, y = coords()
    n = [6, 4, 8, 5, 9, 7][v % 6]
    cell = 1.0 / n
    gx = np.floor(x / cell).astype(int)
    gy = np.floor(y / cell).astype(int)
    lx = (x / cell) % 1.0
    ly = (y / cell) % 1.0
    flip = rng.random((gy.max() + 2, gx.max() + 2)) < 0.5
    f = flip[gy, gx]
    lx2 = np.where(f, 1 - lx, lx)
    d1 = np.sqrt(lx2 ** 2 + ly ** 2)
    d2 = np.sqrt((1 - lx2) ** 2 + (1 - ly) ** 2)
    d = np.minimum(np.abs(d1 - 0.5), np.abs(d2 - 0.5))
    nz = Noise(rng)
    tint = nz.fbm(x * 2, y * 2, 3)
    cols = np.array(pal, np.float32)
    style = v % 3
    if style == 0:
        # concentric bands around the arcs, shaded like tubes
        rings = np.minimum(d1, d2)
        band = (rings * rng.uniform(4, 8)).astype(int) % len(pal)
        img = cols[band] * (0.8 + 0.4 * tint[..., None])
        tube = np.exp(-(d / 0.09) ** 2)
        img = img * (0.55 + 0.6 * tube[..., None])
        img = img + (np.exp(-(d / 0.02) ** 2) * 0.25)[..., None] * pal[-1]
    elif style == 1:
        # glowing neon arcs on a dark ground, colour drifting across the picture
        ground = vertical_gradient([(0, pal[0] * 0.35), (1, pal[0] * 0.7)])
        hue_t = np.clip(tint * 1.6 - 0.3, 0, 1)
        neon = interp_stops(ramp(pal[2:]), hue_t)
        w = cell * 0.08
        core = np.exp(-(d * cell / w) ** 2 * 4)
        glow = np.exp(-(d * cell / (w * 4)) ** 2)
        img = ground + neon * (glow * 0.45)[..., None] + (neon * 0.6 + 0.4) * core[..., None]
    else:
        # two-tone fill: the arcs split each cell into regions that join into meandering shapes
        inner = (d1 < 0.5) | (d2 < 0.5)
        parity = ((gx + gy + f.astype(int)) % 2).astype(bool)
        side = inner ^ parity
        a_col = interp_stops(ramp([pal[1], pal[2]]), tint)
        b_col = interp_stops(ramp([pal[3], pal[4]]), 1 - tint)
        img = np.where(side[..., None], a_col, b_col)
        img = img * (1 - 0.35 * np.exp(-(d / 0.03) ** 2))[..., None]
    return vignette(img, 0.3)


SCENES = [
    scene_mountains, scene_flow, scene_sunset_sea, scene_voronoi, scene_night,
    scene_ripples, scene_city, scene_marble, scene_aurora, scene_bokeh,
    scene_dunes, scene_planet, scene_truchet,
]


# ---------------------------------------------------------------- output


def load_font(size):
    for path in ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                 "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"):
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    try:
        return ImageFont.load_default(size=size)
    except TypeError:
        return ImageFont.load_default()


def set_size(width, height, supersample):
    """Renders at width x height from here on (the scenes read W and H as they draw)."""
    global OUT_W, OUT_H, SS, W, H
    OUT_W, OUT_H, SS = width, height, supersample
    W, H = OUT_W * SS, OUT_H * SS


def finish(img, index, font):
    img = np.clip(img, 0, 1)
    im = Image.fromarray((img * 255 + 0.5).astype(np.uint8))
    im = im.resize((OUT_W, OUT_H), Image.LANCZOS)
    # small discreet number in the bottom-right corner
    text = f"{index:03d}"
    d = ImageDraw.Draw(im, "RGBA")
    box = d.textbbox((0, 0), text, font=font)
    tw, th = box[2] - box[0], box[3] - box[1]
    tx, ty = OUT_W - tw - 8 - box[0], OUT_H - th - 7 - box[1]
    d.text((tx + 1, ty + 1), text, font=font, fill=(0, 0, 0, 110))
    d.text((tx, ty), text, font=font, fill=(255, 255, 255, 170))
    return im


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=72)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Images"))
    ap.add_argument("--only", type=int, nargs="*", help="regenerate only these indices")
    ap.add_argument("--photos", action="store_true",
                    help="the photos scene's set: one of each kind at 900x1320 (3x the grid's) in Assets/Photos")
    args = ap.parse_args(argv)
    prefix, suffix = "img", ""
    if args.photos:
        # @3x: 300x440 points at 3 pixels a point, as an iOS asset names its scale.
        set_size(900, 1320, 1)
        prefix, suffix = "photo", "@3x"
        if args.out == ap.get_default("out"):
            args.out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Photos")
        if not args.only:
            args.count = len(SCENES)
    out = os.path.normpath(args.out)
    os.makedirs(out, exist_ok=True)
    font = load_font(13 * OUT_W // 300)
    total = 0
    indices = args.only if args.only else range(args.count)
    for i in indices:
        rng = np.random.default_rng([BASE_SEED, i])
        scene = SCENES[i % len(SCENES)]
        img = scene(rng, i // len(SCENES))
        im = finish(img, i, font)
        path = os.path.join(out, f"{prefix}-{i:03d}{suffix}.jpg")
        im.save(path, "JPEG", quality=JPEG_QUALITY, optimize=True, progressive=False)
        size = os.path.getsize(path)
        total += size
        print(f"{path}  {scene.__name__[6:]:<11} {size / 1024:6.1f} KB", flush=True)
    print(f"{len(indices)} images, {total / 1024 / 1024:.2f} MB")


if __name__ == "__main__":
    main(sys.argv[1:])
