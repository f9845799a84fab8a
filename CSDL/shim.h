#ifndef CSDL_SHIM_H
#define CSDL_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>

// Macros Swift cannot import, exposed as constants.
static const int CSDL_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;
static const int CSDL_WINDOWPOS_UNDEFINED = SDL_WINDOWPOS_UNDEFINED;
static const Uint32 CSDL_BUTTON_LMASK = SDL_BUTTON_LMASK;
static const Uint32 CSDL_TOUCH_MOUSEID = SDL_TOUCH_MOUSEID;
static const Uint32 CSDL_PIXELFORMAT_ARGB8888 = SDL_PIXELFORMAT_ARGB8888;

#endif
