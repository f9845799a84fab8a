#ifndef CX11TIME_H
#define CX11TIME_H

#include <stdint.h>

// The X server's time of raw input events, for the window's pointer samples (B-VEL-1). Only this
// target touches Xlib; a build without it (`make build NO_X11=1`) stamps events when they are pumped.
// Arguments are SDL's own objects passed opaquely, so no SDL or Xlib type crosses into Swift here.

typedef enum {
    CX11_OTHER = 0,          // not an X11 event, or one without a time the window uses
    CX11_MOTION = 1,         // MotionNotify
    CX11_BUTTON_PRESS = 2,   // ButtonPress (the wheel's notches included)
    CX11_BUTTON_RELEASE = 3, // ButtonRelease
    CX11_TIMESTAMP = 4       // another event carrying a server time (PropertyNotify, crossing, key)
} CX11EventKind;

// The kind and server time (ms) of the raw X11 event behind an `SDL_Event` of type SDL_SYSWMEVENT.
CX11EventKind cx11_event_time(const void *sdlEvent, uint32_t *serverMs);

// Asks the X server for its time (a PropertyNotify carrying it) for an `SDL_Window` and waits for the answer (one round trip): the PropertyNotify it sends is
// taken off Xlib's queue at once, so the app time read right after bounds the clock offset to within the
// round trip, where an answer left for the next pump would be late by up to a frame. Returns 0 when the
// window is not an X11 window, 1 when no answer came (the window does not hear property changes), 2 with
// the time in `serverMs`.
int cx11_probe_timestamp(void *sdlWindow, uint32_t *serverMs);

// Installs an X error handler that records a protocol error (a window destroyed by another client makes
// every drawing request fail) instead of Xlib's default one, which prints and exits the process at once
// (no trace summary, no recording closed); and, for the display of an `SDL_Window`, handlers that record
// a lost connection (the X server gone: a closed `ssh -X`, a restarted Xvfb) and let the process go on,
// where Xlib's own print `XIO: fatal IO error` and exit 1. Idempotent.
void cx11_catch_errors(void *sdlWindow);
// 1 once the connection to the X server was lost (it stays lost), else 0.
int cx11_display_lost(void);

// The X error code recorded since the last call (0: none), and clears it.
int cx11_take_error(void);

#endif
